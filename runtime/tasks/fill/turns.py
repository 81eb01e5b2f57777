"""Who speaks a line of a transcript: the company's own speaker, or the audience.

A live stream's replay (主播 and 弹幕), a roadshow's Q&A or a post's comments give each turn a
line of its own, opened by its speaker ("主播小满：", "【弹幕】", "网友甲：", "观众提问：").  A
figure in an audience turn is what a viewer asks or says ("【弹幕】隔壁山野咖啡说他们卖了一亿元？"):
no figure the company gives about itself, however close to a field's words it stands.
"""

from __future__ import annotations

import re

__all__ = ["audience_turn"]

#: the speaker that opens a line: a tag in brackets ("【弹幕】") or a name before a colon ("网友甲：")
_SPEAKER = re.compile(r"[ \t]*(?:\*\*|__)?[ \t]*(?:【([^】\n]{1,10})】|\[([^\]\n]{1,10})\]|([^\s：:，。！？\n]{1,12})[ \t]*[：:])")
#: speakers who are the audience, not the company: viewers' comments, a listener's question
_AUDIENCE = re.compile(r"弹幕|评论|留言|网友|观众|听众|粉丝|路人|提问|场下|台下")


def audience_turn(text: str, pos: int) -> bool:
    """The line holding offset ``pos`` of ``text`` is an audience's turn ("【弹幕】…", "观众提问：…")."""
    start = text.rfind("\n", 0, pos) + 1
    m = _SPEAKER.match(text, start)
    if m is None or m.end() > pos:
        return False
    speaker = next(g for g in m.groups() if g)
    return bool(_AUDIENCE.search(speaker))
