"""The user's document as a filler reads it: sections, bullets, tables, facts.

A document (.md, .txt, .docx, .pptx; read by the summarizer's readers, so
GBK text, speaker notes and the size caps apply here too) becomes a list of
:class:`Section` s: a heading and the paragraphs, bullets and tables under
it.  Markdown headings are taken as written; in other formats a short line
without a sentence-final mark that is followed by text is a heading (Word
titles, slide titles).  Table rows come from the readers as ``a; b; c``
lines (Markdown pipes, Word and PowerPoint tables); consecutive rows with the
same number of cells are one :class:`Table`, its first row the header.

Facts are found once per document: every number with its unit, scale and
the words around it (:class:`Mention`), every date (:class:`DateMention`),
and ``Label: value`` lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..summarize.facts import _MONTHS as _MONTH_NUMBERS
from ..summarize.facts import DateMention, Mention, find_dates, find_mentions
from ..summarize.segment import resolve_language, split_sentences

__all__ = ["Document", "Section", "Table", "Mention", "DateMention", "parse", "read_source"]

#: the most characters of a document a fill reads (a one-page memo is ~3,000;
#: a 30-page report ~60,000); more is refused by the summarizer's own cap first
MAX_SOURCE_CHARS = 200_000

#: a list item's mark: a dash, a bullet glyph of another font or input method (the katakana
#: middle dot "・" of a Chinese or Japanese IME, "►", "➢", "✓"), a number, a Chinese ordinal
#: ("■ 经营数据" / "◆ 下一步" mark a Chinese feature's subheadings: no list item)
_BULLET = re.compile(r"^\s*(?:[-–*•·▪●◦‣・･∙►▶▸➢➤✓✔]|\d{1,2}[.)、](?!\d)|[（(]?[一二三四五六七八九十]+[、.）)])\s*")
_SENTENCE_END = tuple("。！？；.!?;:：")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_MD_BOLD_LINE = re.compile(r"^\s*(\*\*|__)([^*_\n]{1,60}?)[:：]?\1\s*[:：]?\s*$")
_MD_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
_MD_QUOTE = re.compile(r"^ {0,3}(?:>[ \t]?)+")
#: a reviewer's comment as the .docx reader writes it after its paragraph ("批注（财务部）：…",
#: "Comment (Dana Kerr): …"): read for its figures, no paragraph of the document's text
COMMENT_LINE = re.compile(r"^(?:批注|Comment)(?:\s?[（(][^）)\n]{0,40}[)）])?\s*[:：]")
#: a social post's header: who posted it, by their handle ("Noor Haddad @noorbuilds · Dec 9",
#: "Brightlane @brightlane_edu"), not an e-mail address
POST_HEAD = re.compile(r"^[^\n@]{0,60}(?<![\w.])@[A-Za-z0-9_]{2,30}\b(?!\.\w)")
#: where a further label starts on a label's line: after an ideographic space, a tab or three
#: spaces, with a colon ahead ("报告期间：2026年3月　编制：运营中心")
_MORE_LABELS = re.compile(r"(?:\u3000+|\t+| {3,}|\s*｜\s*|\s+\|\s+|\s+[·•]\s+)(?=[^:：\s|｜][^:：\n]{0,29}[:：]\s*\S)")
_LABEL = re.compile(r"^\s*(?:[-*•]\s*)?([^:：\n]{1,30}?)\s*[:：]\s*(\S.{0,300})$")
#: an English "Label — value" line: a short capitalised label of up to four words, a spaced
#: dash, the value ("Founded — 2021", "Runway — 24 months")
_DASH_LABEL = re.compile(r"^\s*(?:[-*•]\s*)?([A-Z][\w&/'’-]*(?: [\w&/'’()-]+){0,3})\s+[—–]\s+(\S[^?\n]{0,80})$")


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]]
    section: int


@dataclass
class Section:
    heading: str
    level: int
    paragraphs: list[str] = field(default_factory=list)
    bullets: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    start: int = 0  # where the section begins in :attr:`Document.text`

    @property
    def text(self) -> str:
        return "\n\n".join(self.paragraphs + self.bullets)

    def body(self) -> str:
        """Paragraphs and bullets (a bullet becomes a sentence of its own)."""
        parts = list(self.paragraphs)
        # a slide bullet without a final mark is still a sentence of its own
        parts += [b if b.endswith(_SENTENCE_END) or not b else b + ("。" if _CJK.search(b) else ".")
                  for b in self.bullets]
        return "\n\n".join(parts)


@dataclass
class Document:
    """A read document: its text, language, sections and facts."""

    text: str
    lang: str
    sections: list[Section]
    file: str | None = None
    title: str = ""
    mentions: list[Mention] = field(default_factory=list)
    dates: list[DateMention] = field(default_factory=list)
    labels: list[tuple[str, str, int]] = field(default_factory=list)  # (label, value, offset)
    spoken: bool = False  # a transcript: its speakers' turns, read without speaker and time
    quoted: list[tuple[int, int]] = field(default_factory=list)  # a reply's quoted (older) e-mail
    reposted: list[tuple[int, int]] = field(default_factory=list)  # a quoted post of someone else's
    #: the text as the user wrote it, where its full-width figures were folded for reading
    #: (:mod:`.width`; empty when nothing was): evidence is quoted in the user's characters
    written: str = ""

    @property
    def tables(self) -> list[Table]:
        return [t for s in self.sections for t in s.tables]

    def section_at(self, offset: int) -> Section | None:
        """The section holding ``offset`` of :attr:`text` (None before the first one)."""
        found = None
        for s in self.sections:
            if s.start > offset:
                break
            found = s
        return found

    def sentences(self, text: str | None = None) -> list[str]:
        out = [s.text for s in split_sentences(self.text if text is None else text, self.lang)]
        if self.lang != "en":
            return out
        # "Q1 ARR $1.8M, Q2 $2.3M, Q3 $2.9M. Q3 plan was $3.1M.": an amount's scale letter ends
        # the sentence its full stop closes
        return [p for s in out for p in _SCALE_STOP.split(s) if p.strip()]


# --------------------------------------------------------------------------
# structure


_SCALE_STOP = re.compile(r"(?<=\d[MKB]\.)\s+(?=[A-Z][a-z]|Q[1-4]\b)|(?<=\d[mk]\.)\s+(?=[A-Z][a-z])")
_TWO_SENTENCES = re.compile(r"(?:[.!?]\s+|[。！？])\S")  # not "$1.35M"


def _row_goes_on(table: list[list[str]], cells: list[str], after: str | None = None) -> bool:
    """Whether ``cells``, a blank line after ``table``'s last row, is a further row of it (Word
    and PowerPoint write rows a blank line apart), not a hard-wrapped sentence with a semicolon
    (its line ends mid-sentence and ``after``, the next line, goes on with it) nor the next
    table's header (cells without a figure under rows that have figures: two query results one
    after the other)."""
    if after and cells and re.search(r"[A-Za-z,]$", cells[-1]) and len(cells[-1].split()) >= 2 \
            and _cells(after) is None and re.match(r"[a-z0-9]", after.strip()):
        return False
    figures = re.compile(r"\d")
    return not (len(table) >= 2 and any(figures.search(c) for c in table[-1][1:])
                and not any(figures.search(c) for c in cells))


def _line_after(texts: list[tuple[str, int | None]], i: int, line: str) -> str | None:
    """The line right after the first non-empty ``line`` past index ``i`` of ``texts``."""
    for k in range(i + 1, len(texts)):
        if texts[k][0] == line:
            return texts[k + 1][0] if k + 1 < len(texts) else None
    return None


def _cells(line: str) -> list[str] | None:
    """A table row's cells (``a; b; c``), or None: a line of prose with a semicolon
    ("... 5,300 users. ARR is $780,000; retention 94%.") is not a row."""
    if "; " not in line or _BULLET.match(line):
        return None  # a bullet with a semicolon is a bullet
    cells = [c.strip() for c in line.split("; ")]
    if any(_TWO_SENTENCES.search(c) for c in cells):
        return None
    return cells if len(cells) >= 2 and all(len(c) <= 120 for c in cells) else None


#: a Chinese numbered heading: "一、总体情况", "（二）主要工作", "1. 本周销售", "2、客户与评价"
#: (a short title of Chinese words, no figure)
_ZH_NUMBERED = re.compile(r"^\s*(?:[一二三四五六七八九十]+[、.]|[（(][一二三四五六七八九十]+[）)])\s*\S"
                          r"|^\s*\d{1,2}[.、．]\s*[\u4e00-\u9fff][\u4e00-\u9fff、与和及]{1,14}$"
                          # an outline's chapter and its parts: "第一章 公司概况", "1.1 公司简介", "2.3.1 组织架构"
                          r"|^\s*第[一二三四五六七八九十\d]{1,3}[章节篇]\s*[\u4e00-\u9fff]"
                          r"|^\s*\d{1,2}(?:\.\d{1,2}){1,2}\s*(?![亿万千百元倍个家人])[\u4e00-\u9fff][\u4e00-\u9fff、与和及]{1,14}$")


_LEADER = re.compile(r"^\s*(?:[-*•]\s*)?([^.…·]{2,60}?)\s*(?:\.{3,}|…+|·{3,})\s*(\S.{0,40})$")
#: an English numbered heading: "2. Problem", "4) Products and pricing" (a short title, not a
#: sentence of a numbered list)
_EN_NUMBERED = re.compile(r"^\s*(?:\d{1,2}[.)]|\d{1,2}\.\d{1,2}\.?)\s+[A-Z][^.!?;:]{0,40}$")  # "4.1 Products" too


#: a heading set between runs of dashes or equals signs in plain text ("-- the numbers --",
#: "== Competition ==")
_FENCED = re.compile(r"^(?:-{2,}|={2,})\s*([^\s=-][^=]{0,60}?)\s*(?:-{2,}|={2,})$")


def _zh_numbered_title(s: str) -> bool:
    """"一、总体情况", and a longer one without a clause's marks: an official paper's "二、议案一：关于
    2025年度财务决算报告的议案", "（三）关于调整独立董事津贴的说明" (up to 30 characters)."""
    return bool(_ZH_NUMBERED.match(s)) and (len(s) <= 20 or len(s) <= 30 and not re.search(r"[，,；;。！？!?%％]", s))


def _numbered_heading(line: str) -> bool:
    s = line.strip()
    return _zh_numbered_title(s) or bool(_EN_NUMBERED.match(s) and len(s.split()) <= 6)


def _long_label_pair(prev: str, line: str) -> bool:
    """Two English form lines, one of them with a label longer than :data:`_LABEL` takes."""
    formish = [_form_line(x) or bool(_EN_FORM_LINE.match(x)) for x in (prev, line)]
    return all(formish) and not (_form_line(prev) and _form_line(line))


#: a chat's emoji code (":+1:", ":chart_with_upwards_trend:"): no text, and no number
#: a transcript's turn: "**[00:02:34] Lucía Ferrante:** ", "[14:02] Ravi:", "Ravi Anand (00:02:50): ":
#: the time and the speaker are no part of what is said (a question's speaker is no company)
_TURN = re.compile(r"^[ \t]*(?:\*\*|__)?(?:[\[(]?\d{1,2}:\d{2}(?::\d{2})?[\])]?[ \t]+([^:：\n*]{1,40}?)|"
                   r"([^:：\n*\[(]{1,40}?)[ \t]+[\[(]\d{1,2}:\d{2}(?::\d{2})?[\])])[ \t]*[:：][ \t]*(?:\*\*|__)?[ \t]*"
                   r"(?=\S)", re.M)
#: a line with only a speaker and a time ("邹倩 00:02:45", "Ravi Anand 10:42 AM", "[00:02:45] 邹倩")
_SPEAKER_LINE = re.compile(r"^[ \t]*(?:\*\*)?(?:[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z·.' -]{0,24}?[ \t]+"
                           r"[\[(]?\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp]\.?[Mm]\.?)?[\])]?|"
                           r"[\[(]?\d{1,2}:\d{2}(?::\d{2})?[\])]?[ \t]+[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z·.' -]{0,24}?)"
                           r"(?:\*\*)?[ \t]*\n", re.M)
_EMOJI = re.compile(r"(?:(?<=\s)|^):(?=[a-z0-9_+-]*[a-z+])[a-z0-9_+-]{1,40}:(?=\s|$)", re.M)
#: a chat export's line with a message's sender and time ("Jonas Weber 9:46 AM")
_CHAT_HEAD = re.compile(r"[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3},? \d{1,2}:\d{2}(?: ?[AaPp]\.?[Mm]\.?)?")


#: an English form line with a label longer than :data:`_LABEL` takes ("Minimum subscription via
#: the Bank: USD 250,000")
_EN_FORM_LINE = re.compile(r"^[A-Z][^:.!?\n]{2,50}:\s+\S")


#: a letter's salutation ("各位董事：", "王总：", "尊敬的各位股东"): no heading
_SALUTATION = re.compile(r"^(?:尊敬的|各位)[\u4e00-\u9fff、]{1,12}[：:，,！!]?$|^致[\u4e00-\u9fff、]{2,12}[：:，,！!]$"
                         r"|^[\u4e00-\u9fff]{1,3}(?:总|董|经理|主任|老师|先生|女士|董事长|总经理)(?:您?好)?[：:，,！!]$"
                         # a notice's addressees: "公司各部门：", "集团各单位、各子公司："
                         r"|^[\u4e00-\u9fff]{0,6}各(?:部门|单位|子公司|分公司|事业部|中心|区域|门店|办事处|科室|处室|团队)"
                         r"[\u4e00-\u9fff、]{0,12}[：:，,]$")


_QUESTION = re.compile(r"^[A-Z\u4e00-\u9fff][^.!?。！？\n]{3,70}[?？]$")

#: a Chinese document's own title on its first line, longer than a heading's 30 characters
#: ("江汉…有限公司年产5万吨有机肥生产线项目可行性研究报告（摘要）"): no sentence, and it ends with
#: what kind of document it is (an "（节选）" / "（摘要）" after that)
_ZH_TITLE_LINE = re.compile(r"^[^。！？；;，,:：\s]{6,60}?(?:报告|申报书|申请书|方案|总结|汇报|简报|通报|周报|月报|"
                            r"季报|年报|分析|纪要|说明|计划|回顾|汇总|通知|建议书|规划|"
                            # a meeting's papers, a notice, a profile, a handbook ("…股东会会议通知及议案")
                            r"议案|公告|通告|决议|邀请函|议程|简介|手册|章程|须知|指南|白皮书|记录表)"
                            r"(?:[（(][\u4e00-\u9fff]{1,6}[)）])?$")


def _family(line: str) -> str:
    """How a numbered or bulleted line is numbered: "一、", "（一）", "1." or a bullet sign."""
    if re.match(r"\s*[一二三四五六七八九十]+[、.]", line):
        return "zh"
    if re.match(r"\s*[（(][一二三四五六七八九十]+[）)]", line):
        return "zh()"
    if re.match(r"\s*[（(]?\d{1,2}[.)、．）]", line):
        return "1."
    return "bullet"


#: a byline ("文／本刊记者　程晚晴", "By Dana Kerr, staff writer") or a periodical's masthead
#: ("《云舟之声》2026年第11期", "Harbour Post · Issue 14"): no heading, and no title of the report
_BYLINE = re.compile(r"^(?:文|作者|记者|撰文|撰稿|通讯员|摄影|图|答主|答者|口述|整理|责编|责任编辑)\s*[／/:：|]|^By\s+[A-Z][\w.'-]+\s+[A-Z]"
                     # a WeChat article's byline: "原创　小川说　山川咖啡　2026-11-20 08:00"
                     r"|^原创[\s\u3000]"
                     r"|^《[^》]{1,20}》\s*(?:\d{4}\s*年)?\s*(?:总)?第\s*[\d一二三四五六七八九十]+\s*期"
                     r"|^.{0,40}\b(?:[Ii]ssue|[Vv]ol\.?|[Vv]olume)\s+\d+\b.{0,30}$")


def _is_heading(line: str, nxt: str | None, lang: str) -> bool:
    s = line.strip()
    if _SALUTATION.match(s) or _BYLINE.match(s):
        return False
    if _ONLY_A_FIGURE.match(s):
        return False  # "1.72M", a chat's whole answer: a figure, no heading
    if _ENDS_WITH_SHARE.search(s) or _OPENS_WITH_SHARE.match(s):
        # "Manufacturing and certification — 40%", "研发：40%", "45% research and development":
        # a list item, no heading
        return False
    if lang == "en" and len(s.split()) >= 7 and not any(w[:1].isupper() for w in s.split()[1:]) \
            and not s.endswith("?"):
        # "Mechanical cultivators damage crops planted close together": a sentence without its
        # full stop (a Word list item), not a title of a few words
        return False
    limit = 30 if lang == "zh" else 70
    # "Hi Priya," / "Best regards," / "各位同事，" open or close a letter: no heading
    if not s or len(s) > limit or s.endswith(_SENTENCE_END + (",", "，")) or nxt is None \
            or s.count(", ") >= 2 or _LEADER.match(s):
        return False
    if _BULLET.match(line):
        # "一、总体情况" over a paragraph is a heading; "一、..." over "二、..." is a list;
        # "2. Problem" over a sentence is one too
        numbered = _zh_numbered_title(s) or (
            bool(_EN_NUMBERED.match(s)) and len(s.split()) <= 6)
        # ("三、收入结构" over "（一）影像设备：…" is a heading over its own numbered items)
        return numbered and (not _BULLET.match(nxt) or (
            _family(s) != _family(nxt.strip()) and not re.search(r"[\d:：，,；;。]", s)))
    if lang == "zh" and (re.search(r"[，；]", re.sub(r"[（(][^（）()]*[)）]", "", s)) or _ZH_ENDS_WITH_FIGURE.search(s)):
        # "公司成立于2013年，专注丘陵山区" (a clause cut where a printed or OCR'd page wraps its
        # line), "2024年营业收入 6.03亿元" (a figure said): a sentence's part, no heading
        return False
    return _cells(s) is None and not _LABEL.match(s)


#: a Chinese line that ends in a figure with its unit ("…营业收入 6.03亿元", "…增长23.7%")
_ZH_ENDS_WITH_FIGURE = re.compile(r"\d\s*(?:[万亿千百]?元|[%％]|家|人|个|户|台|套)$")


#: a line that ends in a share or an amount after a dash, colon or brackets: a list's item
_ENDS_WITH_SHARE = re.compile(r"\S\s*(?:[—–:：-]|\s\(|（|\()\s*(?:about |around |roughly |约)?"
                              r"(?:[$€£¥]\d[\d,.]*\s?(?:[kKmMbB]|mn|bn)?|\d[\d,.]*\s?(?:[kKmMbB]|mn|bn|万元|亿元|万|亿|[%％]))"
                              r"\s*[)）]?$")
#: a line that opens with a share and names its part after it ("45% research and development")
_OPENS_WITH_SHARE = re.compile(r"^(?:about |around |roughly |~|约)?\d[\d,.]*\s?[%％]\s*(?:to |for |on )?[A-Za-z\u4e00-\u9fff]")
_ONLY_A_FIGURE = re.compile(r"^[$€£¥]?\d[\d,.]*\s?(?:[kKmMbB]|mn|bn|mm)?%?$")


def _form_line(line: str) -> bool:
    """A form's "Label: value" line (not a Q&A's "Q:" / "A:", which run on as one exchange)."""
    m = _LABEL.match(line)
    return m is not None and len(m.group(1).strip()) >= 3


def _is_lead_in(line: str, nxt: str | None) -> bool:
    """"Products:" / "资金用途：" alone over a list, or "Problem:" alone over a paragraph:
    a heading."""
    s = line.strip()
    if _CJK.search(s) and re.search(r"[，,；;]", re.sub(r"[（(][^（）()]*[)）]", "", s)):
        # "经会计师事务所审计，公司2025年度主要经营数据如下：" over a table: a sentence of clauses that
        # leads in, no heading (a comma in brackets is an aside: "11月数据（单位：万元，未经审计）：")
        return False
    return 2 <= len(s) <= 40 and s.endswith((":", "：")) and nxt is not None and not _SALUTATION.match(s) \
        and not _BULLET.match(s) and (bool(_BULLET.match(nxt)) or len(s.split()) <= 4)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _is_bullet_lead_in(raw: str, raw_next: str | None) -> bool:
    """"- Problem:" over more indented bullets (a fact sheet's nested list), or a checklist's
    item "- Company overview" over its sub-items (a few words, no sentence): a heading."""
    b = _BULLET.match(raw)
    if b is None or raw_next is None or not _BULLET.match(raw_next):
        return False
    head = raw[b.end():].strip()
    return 1 <= len(head) <= 40 and _indent(raw_next) > _indent(raw) and (
        head.endswith((":", "：")) or (len(head.split()) <= 5 and not head.endswith(_SENTENCE_END)
                                       and not re.search(r"\d", head)))


#: a key of a fenced data block's line ("arr_usd: 3,400,000")
_FENCED_KEY = re.compile(r"\s*([a-z][a-z0-9_]*)(?=\s*:\s*\S)")


def _lines(raw: str, markdown: bool, quoted: list[int] | None = None) -> list[tuple[str, int | None]]:
    """(line, heading level or None), Markdown markup dropped from the text lines; the indices
    of the lines of a block quote that quotes a social post ("> **Brightlane** @brightlane_edu")
    are added to ``quoted``."""
    from ..summarize.readers import markdown_to_text

    out: list[tuple[str, int | None]] = []
    if not markdown:
        return [(line, None) for line in raw.splitlines()]
    body: list[str] = []

    def flush() -> None:
        if body:
            out.extend((line, None) for line in markdown_to_text("\n".join(body)).splitlines())
            body.clear()

    fence = False
    in_post = False  # inside a block quote that opens on a post's header
    for line in raw.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
            if fence:
                flush()
            out.append(("", None))  # the block is a paragraph of its own
            continue
        if fence:
            # a fenced block of data ("```yaml\nfounded: 2019-10-14\ncustomers: 58 utilities"):
            # its lines as they are (Markdown drops code), a key's underscores read as spaces
            key = _FENCED_KEY.match(line)
            out.append((key.group(1).replace("_", " ") + line[key.end(1):] if key else line, None))
            continue
        m = None if fence else _MD_HEADING.match(line)
        bold = None if fence or m else _MD_BOLD_LINE.match(line)
        if bold and bold.group(2).strip().endswith((".", "。", "!", "！")):
            bold = None  # "**Frost warnings for vineyards, vine by vine.**": a sentence in bold
            # ("**How does it work?**", an FAQ's question in bold, is a heading)
        if bold and re.search(r"[\u4e00-\u9fff]", bold.group(2)) and _BYLINE.match(bold.group(2).strip()):
            bold = None  # "**答主：周亦凡（鲜邻里创始人）**": who wrote it, in bold, no heading
        quote = None if fence or m else _MD_QUOTE.match(line)
        if quote and not in_post:
            # a quoted post under its header ("> **Brightlane** @brightlane_edu · Dec 2"): its
            # lines are its own (another block quote, a pull quote, runs on as before)
            in_post = bool(POST_HEAD.match(line[quote.end():].lstrip(" *_")))
        in_post = in_post and quote is not None
        if in_post and quote:
            flush()
            if quoted is not None:
                quoted.append(len(out))
            out.append((markdown_to_text(line[quote.end():]).strip(), None))
        elif m:
            flush()
            out.append((markdown_to_text(m.group(2)).strip(), len(m.group(1))))
        elif bold:
            flush()  # "**Problem**" alone on its line: a heading written in bold
            out.append((bold.group(2).strip(), 3))
        else:
            body.append(line)
    flush()
    return out


#: a two-column table's row as a .docx or .pptx reader writes it: "Products; FieldProbe, …"
_ROW2 = re.compile(r"^([A-Z\u4e00-\u9fff][^;:：；\n.!?。]{0,40}); (\S.*)$", re.M)


def _long_rows_as_sections(raw: str, markdown: bool) -> str:
    """A label/value table (four or more two-cell rows) whose value is prose in some rows
    ("Products; FieldProbe, the probe: $240 … Irrigate Plan, …", "China; … Launch: April 2027, …"):
    those rows, which no table row holds, are sections headed by their label, after the rest
    of the document (so that the table's other rows stay in the section they were in)."""
    rows = list(_ROW2.finditer(raw))
    if len(rows) < 4:
        return raw
    # (and a row whose value lists shares: "Use of funds; 50% sales, 30% probe manufacturing, 20% …")
    long = [m for m in rows if (_cells(m.group(0)) is None or "; " not in m.group(2) and len(
        re.findall(r"\d\s?[%％]", m.group(2))) >= 2) and len(m.group(1).split()) <= 6]
    if not long:
        return raw
    out, at = [], 0
    for m in long:
        out.append(raw[at:m.start()])
        at = m.end()
    out.append(raw[at:])
    mark = "## " if markdown else ""
    return "".join(out).rstrip() + "\n\n" + "".join(f"{mark}{m.group(1)}\n\n{m.group(2)}\n\n" for m in long)


#: where a reply's quoted earlier e-mail begins: "On 2 Oct 2026, Ada wrote:", "-----Original
#: Message-----", "发件人：…" (Outlook's Chinese header)
_QUOTE_HEAD = re.compile(r"^\s*(?:>\s*)*(?:On\s.{3,120}\swrote:\s*$|-{3,}\s*Original Message\s*-{3,}\s*$"
                         r"|-{3,}\s*原始邮件\s*-{3,}\s*$|发件人[:：])", re.I)


#: a quotation on its own line over the line that says whose it is ("— Marta Lind, owner, Lantern
#: Books"), or with its attribution after it on the same line
_TESTIMONIAL = re.compile(r"^[ \t]*[\"“「][^\n]{5,600}?[\"”」][ \t]*(?:\n[ \t]*)?(?:—|–|―|--)[ \t]*"
                          r"[A-Z\u4e00-\u9fff][^\n]{1,100}$", re.M)


def _reposted(text: str, quoted: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The quoted blocks that open on a social post's header (``POST_HEAD``): a post someone
    shared ("People keep sending me this: > Brightlane @brightlane_edu · Dec 2 > Brightlane now
    serves 900 districts"), whose figures are its author's, not the document's."""
    blocks: list[list[int]] = []
    for a, b in sorted(quoted):
        if blocks and text[blocks[-1][1]:a].strip() == "":
            blocks[-1][1] = max(blocks[-1][1], b)
        else:
            blocks.append([a, b])
    return [(a, b) for a, b in blocks if POST_HEAD.match(text[a:b].lstrip(" \t>*_"))]


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that quote an earlier e-mail: every line from the first
    "On … wrote:" / "-----Original Message-----" / "发件人：" line on (when there is text above
    it), and lines starting with ">"."""
    spans: list[tuple[int, int]] = []
    at = 0
    above = False
    for line in text.splitlines(keepends=True):
        if above and _QUOTE_HEAD.match(line):
            spans.append((at, len(text)))
            break
        if line.lstrip().startswith(">"):
            spans.append((at, at + len(line)))
        elif line.strip():
            above = True
        at += len(line)
    return spans


#: a line of comma-separated values as a sheet writes it (no space after a comma)
_CSV_LINE = re.compile(r"^[^,\n]*(?:,[^,\n]*)+$")
#: a CSV header's name: words in snake case or plain, no figure but a scale ("arr_000")
_CSV_NAME = re.compile(r"^[A-Za-z\u4e00-\u9fff][\w %()$€£/.\u4e00-\u9fff-]{0,40}$")


def _csv_cells(line: str) -> list[str] | None:
    s = line.strip()
    if not _CSV_LINE.match(s) or ", " in s or ";" in s:
        return None
    return [c.strip() for c in s.split(",")]


def _csv_name(name: str) -> str:
    """A CSV column's or row's name as words: "active_couriers": "active couriers"; "arr_000"
    (counted in thousands): "arr (thousands)"."""
    return re.sub(r"[ _]000$", " (thousands)", name).replace("_", " ")


def _csv_tables(raw: str) -> str:
    """Comma-separated tables pasted as text or in a code block (a header line of names, then
    one or more rows of as many cells: "item,value" over "runway_months,24"): written as
    the "a; b; c" rows a table is read from, a name's underscores as spaces ("arr_000": "arr (thousands)")."""
    lines = raw.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        head = _csv_cells(lines[i])
        if head and all(_CSV_NAME.match(c) and not re.search(r"\d", c.replace("000", "")) for c in head):
            j = i + 1
            while j < len(lines) and (cells := _csv_cells(lines[j])) and len(cells) == len(head):
                j += 1
            if j - i >= 2:
                if out and re.fullmatch(r"\s*(?:```|~~~)\s*(?:csv|text|txt)?\s*", out[-1], re.I) \
                        and j < len(lines) and lines[j].strip() in ("```", "~~~"):
                    out.pop()  # a code block that holds the table and nothing else: its table
                    j += 1
                # "arr_000": the column counts in thousands
                out.append("; ".join(_csv_name(c) for c in head))
                out.extend("; ".join(_csv_name(c) if _CSV_NAME.match(c) else c
                                     for c in _csv_cells(x) or ()) for x in lines[i + 1:j])
                i = j
                continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


def _tab_tables(raw: str) -> str:
    """Cells pasted from a spreadsheet (tab-separated lines: "Metric<TAB>Jul 2026<TAB>Aug 2026" over
    "ARR ($K)<TAB>1,610<TAB>1,690"): two lines or more of as many cells each, written as the
    "a; b; c" rows a table is read from."""
    lines = raw.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        width = len(lines[i].split("\t")) if "\t" in lines[i].strip() else 0
        j = i + 1
        while width >= 2 and j < len(lines) and len(lines[j].split("\t")) == width and lines[j].strip():
            j += 1
        if width == 2 and j - i >= 2 and all(x.split("\t")[0].strip().endswith((":", "：")) for x in lines[i:j]):
            # an e-mail's header as Outlook saves it ("From:<TAB>Jonas Hale", "Sent:<TAB>…"): its
            # labels, no table
            out.extend(" ".join(c.strip() for c in x.split("\t")) for x in lines[i:j])
            i = j
            continue
        if width >= 2 and j - i >= 2:
            out.extend("; ".join(c.strip() for c in x.split("\t")) for x in lines[i:j])
            i = j
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


#: a short "label: value" line indented under a lead-in ("ARR at the end of each quarter:" over
#: "  Q4 2025: $2.05M"), a plain-text e-mail's list without bullet marks
_INDENTED_ITEM = re.compile(r"^([ \t]{2,})(?![-*•]\s)([^\s:：][^:：\n]{0,40}[:：][ \t]*\S[^\n]{0,40})$")


def _indented_lists(raw: str) -> str:
    """Two or more indented "label: value" lines right under a line that ends with a colon,
    written as the bullets they stand for (a paragraph would run them into one line)."""
    lines = raw.split("\n")
    i = 1
    while i < len(lines):
        j = i
        while j < len(lines) and _INDENTED_ITEM.match(lines[j]):
            j += 1
        if j - i >= 2 and lines[i - 1].rstrip().endswith((":", "：")) and not _INDENTED_ITEM.match(lines[i - 1]):
            for k in range(i, j):
                m = _INDENTED_ITEM.match(lines[k])
                lines[k] = f"{m.group(1)}- {m.group(2)}"  # type: ignore[union-attr]
        i = max(j, i + 1)
    return "\n".join(lines)


#: the gap between a text table's columns: two spaces or more (full-width ones too)
_SPACED_GAP = re.compile(r"[ \t\u3000]{2,}")
#: a table cell that is a figure: "486,320", "$4.35M", "18.6%", "(1,200)", "-3.5"
_FIGURE_CELL = re.compile(r"[-+−(]?[$€£¥]?\s?\d[\d,]*(?:\.\d+)?\s?(?:%|％|[kKmMbB]|万|亿)?\)?")


def _spaced_cells(line: str) -> list[str] | None:
    """A line's cells when it is a row of a table aligned with spaces (three or more short cells,
    no form labels ("报告编号：…　　报告时间：…") and no list item), else None."""
    s = line.strip()
    if not s or "; " in s or re.search(r"[:：]", s) or _BULLET.match(s):
        return None
    cells = _SPACED_GAP.split(s)
    return cells if len(cells) >= 3 and all(len(c) <= 24 for c in cells) else None


def _blank_corner_head(lines: list[str], i: int) -> list[str] | None:
    """A text table's header whose top-left cell is left blank ("            FY2025      FY2026" over
    "ARR         $0.90M      $1.45M"): its cells after an empty first one, when the line is indented
    past the rows' labels and the next line has one cell more, else None."""
    s = lines[i]
    if i + 1 >= len(lines) or not re.match(r"[ \t\u3000]{4,}\S", s):
        return None
    cells = _SPACED_GAP.split(s.strip())
    below = _spaced_cells(lines[i + 1])
    if len(cells) < 2 or not below or len(below) != len(cells) + 1 or "; " in s or re.search(r"[:：]", s):
        return None
    if not all(len(c) <= 24 for c in cells) or len(s) - len(s.lstrip()) <= len(below[0]):
        return None
    return ["", *cells]


def _spaced_tables(raw: str) -> str:
    """Tables laid out with runs of spaces in plain text (a credit report's "利润表　　2025年度　　2024年度"
    over "营业收入　　486,320　　412,870", a statement copied from a PDF): a header line and
    one row or more of as many cells each, every row with a figure after its label, written as the
    "a; b; c" rows a table is read from (so its column, and a "单位：千元" over it, is known)."""
    lines = raw.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        # (a blank top-left cell first: "   FY2025 actual   FY2026 plan" over rows of one cell more)
        head = _blank_corner_head(lines, i) or _spaced_cells(lines[i])
        j = i + 1
        while head and j < len(lines) and (cells := _spaced_cells(lines[j])) and len(cells) == len(head):
            j += 1
        rows = [c for x in lines[i + 1:j] if (c := _spaced_cells(x))]
        if head and rows and all(any(_FIGURE_CELL.fullmatch(c) for c in r[1:]) for r in rows):
            out.extend("; ".join(c) for c in [head, *rows])
            i = j
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


#: a list item that is a short label, a colon and a figure ("Q1 2026: 1,180", "Sales: 40%")
_MARKLESS_ITEM = re.compile(r"^[^\s:：][^:：\n]{0,30}[:：]\s*[~≈]?[$€£¥]?\s?\d")
#: a line of a two-column list of shares or figures aligned with spaces ("Sales team (Sun Belt)     40%",
#: "Q4 2025   $1.94M")
_SPACED_SHARE = re.compile(r"^[ \t\u3000]*([^\s\d;:：|][^;:：|\n]{0,38}?)[ \t\u3000]{3,}"
                           r"(\d{1,3}(?:\.\d+)?\s?[%％]|[$€£¥]\s?\d[\d,]*(?:\.\d+)?\s?(?:[kKmMbB]|mn|bn)?)[ \t\u3000]*$")
#: the header over such a list ("Use of funds              Share"): two cells, the second no figure
_SPACED_HEAD = re.compile(r"^[ \t\u3000]*([^\s\d;:：|][^;:：|\n]{0,38}?)[ \t\u3000]{3,}([^\s\d;:：|][^;:：|\d\n]{0,20}?)[ \t\u3000]*$")


def _spaced_shares(raw: str) -> str:
    """Two or more lines of a label and a share or an amount of money aligned with spaces ("Sales
    45%" / "Product                30%", "Q4 2025   $1.94M" / "Q1 2026   $2.21M"): under a header line of two cells ("Use of funds      Share"), a
    two-column table (written as the "a; b" rows a table is read from); without one, the "label:
    share" bullets they stand for; a list a use of funds or a mix is read from, not short lines
    taken for headings."""
    lines = raw.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and _SPACED_SHARE.match(lines[j]):
            j += 1
        if j - i >= 2:
            head = _SPACED_HEAD.match(out[-1]) if out else None
            cells = [_SPACED_SHARE.match(x).groups() for x in lines[i:j]]  # type: ignore[union-attr]
            if head is not None:
                out[-1] = f"{head.group(1)}; {head.group(2)}"
                out.extend(f"{a}; {b}" for a, b in cells)
            else:
                # (no header: the bullets "- Sales: 45%" they stand for)
                out.extend(f"- {a}: {b}" for a, b in cells)
            i = j
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


#: a text table's rule: dashes with "+" where its columns meet ("---------+---------", "+----+----+")
_ASCII_RULE = re.compile(r"^\s*\|?[-=]{2,}(?:[+|][-=]{2,})+\|?\+?\s*$|^\s*\+[-=+]{4,}\+\s*$")
#: a query at a database prompt: "mossgate=> select …", "mysql> SELECT …", "sqlite> …"
_QUERY_LINE = re.compile(r"^[ \t]*(?:[\w-]{1,30}[=#-]?[>#]|mysql>|sqlite>)[ \t]+(?i:select|with|show|table|explain)\b.*$",
                         re.M)
#: a query tool's row count under its table ("(3 rows)", "3 rows in set (0.00 sec)")
_ROW_COUNT = re.compile(r"^\s*(?:\(\d+ rows?\)|\d+ rows? in set\b.*)\s*$")


def _bar_cells(line: str) -> list[str]:
    s = line.strip()
    s = s[1:] if s.startswith("|") else s
    s = s[:-1] if s.endswith("|") else s
    return [c.strip() for c in s.split("|")]


def _ascii_tables(raw: str) -> str:
    """Tables a query tool or a terminal prints as text (psql's "month | arr_usd" over
    "--------+--------", MySQL's "+----+" borders): written as the "a; b; c" rows a table is read
    from, the rules and the row count dropped, a column's snake_case name as words."""
    lines = raw.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        if i > 0 and _ASCII_RULE.match(lines[i]) and "|" in lines[i - 1]:
            head = _bar_cells(lines[i - 1])
            j, rows = i + 1, []
            while j < len(lines) and ("|" in lines[j] or _ASCII_RULE.match(lines[j])):
                if not _ASCII_RULE.match(lines[j]):
                    cells = _bar_cells(lines[j])
                    if len(cells) != len(head):
                        break
                    rows.append(cells)
                j += 1
            if rows and len(head) >= 2:
                out.pop()  # the header line, written again below
                if out and _ASCII_RULE.match(out[-1]):
                    out.pop()  # a border above the header
                out.append("; ".join(_csv_name(c) if _CSV_NAME.match(c) else c for c in head))
                out.extend("; ".join(c or "-" for c in r) for r in rows)
                if j < len(lines) and _ROW_COUNT.match(lines[j]):
                    j += 1
                i = j
                continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


_BAR_TABLES_ON = True


def _bar_tables(raw: str) -> str:
    """Rows written with bars and no Markdown rule under the header ("排名｜企业名称｜所在地｜2025年营业收入",
    a ranking pasted as text; "Metric | FY2025 | FY2026" in plain text): two lines or more of as many
    cells each (a "……" line standing for left-out rows between them), written as the "a; b; c"
    rows a table is read from."""
    lines = raw.split("\n")
    out: list[str] = []

    def width(line: str) -> int:
        s = line.strip()
        if s.startswith(("|", "｜")) or not s:
            return 0  # (a Markdown pipe row: read with its rule by the Markdown reader)
        n = s.count("｜") if "｜" in s else s.count(" | ")
        return n + 1 if n >= 2 else 0

    i = 0
    while i < len(lines):
        w = width(lines[i])
        j, rows = i, []
        while j < len(lines) and (width(lines[j]) == w or (rows and re.fullmatch(r"\s*(?:…+|\.{3,}|⋯+)\s*", lines[j]))):
            if width(lines[j]) == w:
                rows.append(lines[j])
            j += 1
        if w and len(rows) >= 2 and not any(re.match(r"\s*[-=|｜:\s]+$", x) for x in rows):
            out.extend("; ".join(c.strip() for c in re.split(r"｜| \| ", x.strip())) for x in rows)
            i = j
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


#: a hard-wrapped line (plain text wrapped at 70-110 columns) is this long at least
WRAPPED_LINE = 60


#: a gap of aligned columns inside a line (three spaces or more, or a tab)
_ALIGNED_GAP = re.compile(r"\S(?: {3,}|\t+)\S")


def _wrapped_on(prev: str, line: str) -> bool:
    """``line`` goes on with the sentence a long ``prev`` line was cut in (indented under it, no
    list item of its own): "3. Terms. ... the TideCloud dashboard at $450" / "   per site per month."."""
    prev = prev.rstrip()
    return (len(prev) >= WRAPPED_LINE and not prev.endswith((".", "!", "?", ":", ";"))
            and re.match(r"[ \t]{2,}\S", line) is not None and not _BULLET.match(line.strip()))


#: a numbered thread's post counter at a line's start ("3/8 212 districts now pay ..."): which
#: post of how many, no figure (three or more lines with the same total)
_POST_COUNTER = re.compile(r"^([ \t]*(?:[-*>][ \t]*)?(?:\*\*|__)?)(\d{1,2})/(\d{1,2})(?:\*\*|__)?(?=[ \t:.)-]|$)[ \t:.)-]*",
                           re.M)


def _without_post_counters(raw: str) -> str:
    """``raw`` without a numbered thread's "k/n" counters (a social thread, a tweetstorm), when three
    lines or more count up to the same ``n``; a lone "3/4" stays (a date, a fraction)."""
    found = [(int(m.group(2)), int(m.group(3))) for m in _POST_COUNTER.finditer(raw)]
    totals = {n for _k, n in found if 3 <= n and len({k for k, t in found if t == n and 1 <= k <= n}) >= 3}
    if not totals:
        return raw
    return _POST_COUNTER.sub(lambda m: m.group(1) if int(m.group(3)) in totals else m.group(0), raw)


#: a citation's or a comment's mark glued to the text before it ("...in 2020.[2]", "$2.05M[a]",
#: "[citation needed]"); one at a line's start is a note's own label and stays
_CITATION_MARK = re.compile(r"(?<=[^\s\[\]])(?:\[(?:\d{1,3}|[a-z]|citation needed|clarification needed|"
                            r"according to whom\?|when\?|who\?|by whom\?|dubious|failed verification)\](?!\())+")


#: struck-through text ("ARR is ~~$1.9M~~ $2.05M", a Markdown or Google Docs export in
#: suggesting mode, a wiki's edit): the words the writer deleted, with a space beside them
_STRUCK = re.compile(r"[ \t]?(?<!~)~~(?=[^\s~])[^~\n]{0,200}?(?<=[^\s~])~~(?!~)")


#: a page's number as a printed page (a scan's OCR text, a PDF copied out) writes it in its header
#: or footer: "第２页", "第 3 页 共 8 页", "- 4 -", "Page 2 of 9", alone or after (before) the
#: running header's words, set apart by spaces ("澄观光电 · 企业简介　　　　第１页")
_PAGE_NO = r"(?:第\s*\d{1,3}\s*页(?:\s*[,，/／]?\s*共\s*\d{1,3}\s*页)?|共\s*\d{1,3}\s*页\s*[,，]?\s*第\s*\d{1,3}\s*页" \
           r"|[-—–]\s*\d{1,3}\s*[-—–]|[Pp]age\s+\d{1,3}(?:\s+of\s+\d{1,3})?)"
_PAGE_MARK = re.compile(rf"[ \t\u3000]*(?:[^\n]{{0,40}}?[ \t\u3000]{{2,}}|[^\n]{{0,40}}?\s[|｜·•]\s)?{_PAGE_NO}"
                        rf"(?:(?:[ \t\u3000]{{2,}}|\s[|｜·•]\s)[^\n]{{0,40}})?[ \t\u3000]*", re.M)


#: the comment mark of a data export's header line that holds a label ("# 导出时间：2026-12-02")
_COMMENT_LABEL = re.compile(r"^#[ \t]*(?=[^#\s:：][^:：\n]{0,29}[:：][ \t]*\S)", re.M)


#: a line that is a form's example answer: "Example: …", "*e.g. Acme builds …*", "示例：…", "（例：…）"
_EXAMPLE_LINE = re.compile(r"(?im)^[ \t>]*[*_]{0,2}[ \t]*[（(]?(?:example|for example|e\.g\.|sample answer|示例|例如|填写示例|样例|例)"
                           r"[ \t]*[:：][^\n]*$")


def _without_page_marks(raw: str) -> str:
    """``raw`` without the lines that number its printed pages (with their running header): no
    text of the document, and a paragraph a page break cut goes on across it."""
    if not _PAGE_MARK.search(raw):
        return raw
    return "\n".join(line for line in raw.split("\n") if not _PAGE_MARK.fullmatch(line.rstrip("\r")))


def parse(raw: str, file: str | None = None, markdown: bool = False, lang: str = "auto") -> Document:
    """A :class:`Document` of ``raw`` text (Markdown when ``markdown``)."""
    from ...errors import TaskError

    if len(raw) > MAX_SOURCE_CHARS:
        raise TaskError(f"the document has {len(raw):,} characters; a fill reads at most "
                        f"{MAX_SOURCE_CHARS:,} (give it the part the template is about)",
                        code="task.too_long")
    from .jsondoc import json_text
    from .latex import is_latex, latex_markdown
    from .mime import mime_text
    from .scope import own_entry, raising_section
    from .subtitles import subtitle_text
    from .width import fold_width

    # an e-mail's MIME source (an .eml saved as text): the message as a mail client shows it
    raw = mime_text(raw) or raw
    raw = subtitle_text(raw) or raw  # a video's subtitles: what is said, a line per sentence
    if "{" in raw:
        raw = json_text(raw) or raw  # a JSON export under a cover note: its figures as tables
    if is_latex(raw):  # a LaTeX source: the Markdown of what it typesets
        raw, markdown = latex_markdown(raw), True
    # "６．８４亿元", "１，４６０人", "２０２６年３月": full-width figures read as the figures they are
    written, raw = raw, fold_width(raw)
    raw = _without_page_marks(raw)
    # a form's own example answers ("*Example: ARR $2.0M · NRR 110%*", "示例：…"), left in by the
    # one who filled it in: the form's figures, never the company's
    raw = _EXAMPLE_LINE.sub("", raw)
    if not markdown and "#" in raw:
        # an export's comment lines over its data ("# 报表名称：…", "# 单位：万元"): its labels
        raw = _COMMENT_LABEL.sub("", raw)

    # a programme of several companies' entries that says which one is the user's: that one; a
    # letter with a section per company: the one company that is raising
    if "BEGIN:V" in raw:
        from .calendar import calendar_text

        raw = calendar_text(raw) or raw  # a calendar invite: its summary, description, location
    from .scanned import repair

    raw = repair(raw)  # an OCR'd page's broken words and misread zeros, a task list's checkboxes
    if lang != "zh":
        from .panel import without_others_turns

        raw = without_others_turns(raw)  # a panel's other companies' speakers: not this company's words
    if markdown and "[[" in raw:
        from .markup import wikilinks

        raw = wikilinks(raw)  # "[[FH-Nitro coating]] ($18 per hectare)": a note's link is its words
    if "[" in raw:
        # "went live in January 2020.[2] By the end of 2024 ...": a citation's mark is no text (and
        # keeps the sentence from ending)
        raw = _CITATION_MARK.sub("", raw)
    if "~~" in raw:
        raw = _STRUCK.sub("", raw)
    from .markup import footnotes, html_tables

    # an HTML <table> kept in a Markdown export: its rows, spans filled out; Markdown footnotes:
    # their markers no text, their definitions notes after the last section
    raw = footnotes(html_tables(raw), resolve_language(raw, lang), markdown)  # (what a struck figure was replaced by stays: the current one)
    if "/" in raw:
        raw = _without_post_counters(raw)
    raw = own_entry(raw, markdown) or (raising_section(raw) if markdown else None) or raw
    if markdown and ":::" in raw:
        # a wiki's callout fences (飞书 / Docusaurus / VuePress ":::tip" … ":::"): markup around
        # text that is the document's (a paragraph of its own)
        raw = re.sub(r"(?m)^[ \t]*:::[ \t]*(?:[A-Za-z][\w-]*)?[ \t]*(?:\{[^}\n]*\})?[ \t]*$", "", raw)
    if markdown and "<summary>" in raw:
        # a Notion/GitHub export's toggles: "<details><summary>Traction</summary> … </details>"
        # is a section headed "Traction"; the tags themselves are no text
        raw = re.sub(r"(?im)^[ \t]*(?:<details[^>\n]*>[ \t]*)?<summary>\s*(.*?)\s*</summary>[ \t]*$", r"## \1", raw)
        raw = re.sub(r"(?im)^[ \t]*</?details[^>\n]*>[ \t]*$", "", raw)
    raw = _long_rows_as_sections(raw, markdown)
    if "," in raw:
        raw = _csv_tables(raw)
    if "\t" in raw:
        raw = _tab_tables(raw)
    if not markdown and ("  " in raw or "\u3000\u3000" in raw):
        raw = _spaced_tables(_spaced_shares(_indented_lists(raw)))
    if "|" in raw and ("-+-" in raw or "+--" in raw):
        raw = _ascii_tables(raw)
    if ("｜" in raw or " | " in raw) and _BAR_TABLES_ON:
        raw = _bar_tables(raw)

    # a query typed at a database prompt ("mossgate=> select month, arr_usd ... where month >=
    # '2026-08';"): code, whose numbers are no figures (the table it printed follows it)
    raw = _QUERY_LINE.sub("", raw)
    # (a speaker line holds no "speaker:" turn, so removing those lines leaves the turns as counted)
    speaker_lines, turns = len(_SPEAKER_LINE.findall(raw)), len(_TURN.findall(raw))
    spoken = speaker_lines >= 3 or turns >= 3
    if speaker_lines >= 3:
        # "邹倩 00:02:45" alone over what she says (a recording's transcript, a chat export): the
        # speaker and the time are no part of it, and its time is no figure
        raw = _SPEAKER_LINE.sub("", raw)
    if turns >= 3:  # a transcript: what each speaker says, as its own line
        raw = _TURN.sub("", raw)
        # a question and the answer the next turn gives: one passage ("What's the pain for the
        # operator? Operators keep backup boilers running ...")
        raw = re.sub(r"([?？])[ \t]*(?:\*\*|__)?[ \t]*\n(?:[ \t]*\n)*(?=[^\s#])", r"\1 ", raw)
    quote_lines: list[int] = []
    lines = _lines(_EMOJI.sub("", raw) if _EMOJI.search(raw) else raw, markdown, quote_lines)
    plain = "\n".join(line for line, _ in lines)
    # Markdown without any heading markup (an e-mail, a fact sheet, plain paragraphs pasted
    # into a .md): its headings are found as in plain text ("WHO WE ARE", a title line)
    headed = markdown and any(level is not None for _line, level in lines)
    lang = (_bilingual(plain) if lang == "auto" else None) or resolve_language(plain, lang)
    sections: list[Section] = [Section("", 0)]
    table: list[list[str]] = []
    para: list[str] = []

    def end_para() -> None:
        if para:
            sections[-1].paragraphs.append(" ".join(p.strip() for p in para) if lang == "en"
                                           else "".join(p.strip() for p in para))
            para.clear()

    def end_table() -> None:
        if len(table) >= 2:
            sections[-1].tables.append(Table(table[0], table[1:], len(sections) - 1))
        elif table:
            sections[-1].paragraphs.append("; ".join(table[0]))
        table.clear()

    texts = [(line.strip(), level) for line, level in lines]
    # an FAQ: questions alone on their lines, each over its answer ("How does it work?"), are
    # its headings (three or more of them)
    asked = [i for i, (t, lv) in enumerate(texts) if lv is None and _QUESTION.match(t)
             and i + 1 < len(texts) and texts[i + 1][0] and not _QUESTION.match(texts[i + 1][0])]
    questions = set(asked) if len(asked) >= 3 and not headed else set()
    # headings numbered "一、" / "（二）" / "3. Products" (three or more): between the first and the
    # last of them, a line without a number is a list item without its mark ("三、加盟政策" over
    # "单店投资约35万元"), no heading (after the last: a signature, read as before)
    numbered_at = [i for i, (t, lv) in enumerate(texts) if lv is None and _numbered_heading(t)]
    first_numbered = numbered_at[0] if len(numbered_at) >= 3 and not headed else None
    last_numbered = numbered_at[-1] if numbered_at else -1
    nested: int | None = None  # the indent of a nested list's lead-in bullet
    bullet_at = -1  # the line of the last list item (a hard-wrapped one goes on on the next line)
    first_line = next((i for i, (t, _lv) in enumerate(texts) if t), -1)
    starts = [0]
    for line, _ in lines:
        starts.append(starts[-1] + len(line) + 1)
    for i, (line, level) in enumerate(texts):
        nxt = next((t for t, _ in texts[i + 1:] if t), None)
        if level is None and not table and bullet_at == i - 1 and sections[-1].bullets and not _BULLET.match(line) \
                and _MARKLESS_ITEM.match(sections[-1].bullets[-1]) and _MARKLESS_ITEM.match(line) \
                and 0 < _indent(lines[i][0]) <= _indent(lines[i - 1][0]) + 2:
            # "  - Q1 2026: 1,180" over "  Q2 2026: 1,310 (revised ...)": the list goes on at the
            # bullets' indent, its mark left off
            sections[-1].bullets.append(line)
            bullet_at = i
            continue
        cells = _cells(line) if level is None else None
        if cells is not None and (not table or len(cells) == len(table[0])):
            end_para()
            table.append(cells)
            continue
        if not line and table and nxt is not None and level is None \
                and len(_cells(nxt) or ()) == len(table[0]) \
                and _row_goes_on(table, _cells(nxt) or [], _line_after(texts, i, nxt)):
            continue  # Word and PowerPoint rows come a blank line apart
        end_table()
        if cells is not None:
            table.append(cells)
            continue
        if not line:
            end_para()
            continue
        if lang == "en" and level is None and bullet_at == i - 1 and _wrapped_on(lines[i - 1][0], lines[i][0]):
            # "1. Investment. PARTNER intends to lead ... of which PARTNER would invest" over
            # "   $2,000,000, giving ...": a hard-wrapped list item goes on, no paragraph of its own
            sections[-1].bullets[-1] += " " + line
            bullet_at = i
            continue
        if level is None and not headed and not (spoken and (para or any(x.paragraphs or x.heading for x in sections))) \
                and not (first_numbered is not None and first_numbered < i < last_numbered
                         and not _numbered_heading(line)) \
                and (i in questions or _is_heading(line, nxt, lang)
                     or (lang == "zh" and i == first_line and nxt is not None and bool(_ZH_TITLE_LINE.match(line)))) and (
                not para or (lang == "en" and para[-1].rstrip().endswith((".", "!", "?")) and nxt is not None
                             and _BULLET.match(nxt) and len(line.split()) <= 6)):
            # (a deck's slide title right after the previous slide's notes, over its bullets; in a
            # transcript or a chat only its first line, its title: the rest is what was said)
            level = 2
        raw_next = next((t for t, _ in lines[i + 1:] if t.strip()), None)
        if level is None and _is_bullet_lead_in(lines[i][0], raw_next):
            end_para()
            head = line[_BULLET.match(line).end():].strip().rstrip(":：").strip()  # type: ignore[union-attr]
            sections.append(Section(head, 3, start=starts[i]))
            nested = _indent(lines[i][0])
            continue
        if nested is not None and level is None and line and _indent(lines[i][0]) <= nested:
            # back at the outer list's depth: the nested list has ended
            end_para()
            sections.append(Section("", 3, start=starts[i]))
            nested = None
        fenced = _FENCED.match(line) if level is None and not headed and not para else None
        if fenced:
            level, line = 2, fenced.group(1)  # "-- the numbers --": a plain-text newsletter's heading
        if level is None and _is_lead_in(line, nxt) and not (
                # "公司董事会：" under a Chinese report's title, over its opening paragraph and
                # before its numbered headings: the addressee, no heading of its own
                lang == "zh" and not _BULLET.match(nxt or "")
                and not re.match(r"(?:内容)?(?:摘要|提要|概述|前言|引言|导语|背景|说明)", line)  # a part of the text
                and any(_numbered_heading(t) for t, _lv in texts[i + 1:])
                and not any(x.paragraphs or x.bullets or x.tables for x in sections)
                and sum(bool(x.heading) for x in sections) <= 2):  # (a title may take two lines)
            level, line = 3, line.rstrip(":：").strip()
        if level is not None:
            end_para()
            sections.append(Section(line, level, start=starts[i]))
            continue
        dots = _LEADER.match(line)
        if dots and level is None:
            # "Product and data science .......... 50%": a list item written with leader dots
            end_para()
            sections[-1].bullets.append(f"{dots.group(1).strip()}: {dots.group(2).strip()}")
            continue
        b = _BULLET.match(line)
        if b and len(line) > b.end():
            end_para()
            sections[-1].bullets.append(line[b.end():].strip())
            bullet_at = i
            continue
        if lang == "en" and level is None and _CHAT_HEAD.fullmatch(line):
            end_para()  # "Jonas Weber 9:46 AM": a chat message's sender and time, a line of its own
            para.append(line)
            end_para()
            continue
        if para and _form_line(line) and all(_form_line(p) for p in para):
            end_para()  # "Stage: pre-revenue" / "Problem you are solving: ...": a form's lines, one each
        elif para and lang == "en" and _long_label_pair(para[-1], line):
            end_para()  # "Minimum subscription via the Bank: USD 250,000" after "Round size: ...": a longer label
        elif para and _ALIGNED_GAP.search(para[-1]) and _ALIGNED_GAP.search(line):
            # "Fairline Crew      $220 per course per month   work orders" over "Fairline Water     $140
            # …": rows of aligned columns, each a line of its own (no sentence wrapped over them)
            end_para()
        para.append(line)
    end_para()
    end_table()
    if not sections[0].paragraphs and not sections[0].bullets and not sections[0].tables:
        sections = sections[1:]
    title = next((s.heading for s in sections if s.heading), "")
    doc = Document(plain, lang, sections, file=file, title=title, spoken=spoken,
                   written=written if written != raw else "")
    doc.quoted = quoted_spans(plain)
    # (a Markdown block quote may be any passage set off, a forum's reply: only a quoted post,
    # under its header, is set apart here)
    doc.reposted = _reposted(plain, doc.quoted + [(starts[i], starts[i + 1]) for i in quote_lines if lines[i][0]])
    # a customer's testimonial ('"Since we switched, returns are down 30% …"' over "— Marta Lind,
    # owner, Lantern Books"): its figures are the customer's, like a quoted post's
    doc.reposted += [(m.start(), m.end()) for m in _TESTIMONIAL.finditer(plain)]
    from .spelled import spelled_dates, spelled_mentions

    words = spelled_dates(plain, lang)  # "the first of February 2023" over "February 2023"
    words += [d for d in numeric_dates(plain) if not any(w.start < d.end and d.start < w.end
                                                          for w in words)]
    doc.dates = sorted(words + [d for d in find_dates(plain)
                                if not any(w.start < d.end and d.start < w.end for w in words)],
                       key=lambda d: d.start)
    if lang == "zh":
        doc.dates = sorted(doc.dates + yearless_dates(plain, doc.dates), key=lambda d: d.start)
    # "$000", "'000": a scale written with zeros, no figure of nothing
    digits = [m for m in find_mentions(plain) if not re.fullmatch(r"\D*000\D*", m.raw)
              and not _range_start(plain, m)]
    if lang == "en":
        digits = _money_mm(plain, digits)
    taken = [(m.start, m.end) for m in digits] + [(d.start, d.end) for d in doc.dates]
    doc.mentions = sorted(digits + spelled_mentions(plain, lang, taken), key=lambda m: m.start)
    if doc.tables:
        doc.mentions = [_at_table_scale(doc, m) for m in doc.mentions]
    offset = 0
    for line in plain.splitlines():
        # several labels on one line, set apart by an ideographic space, a tab, a run of
        # spaces, a bar or a middle dot ("报告期间：2026年3月　编制：运营中心　日期：2026年4月8日",
        # "Company: Veritrail Logistics · Prepared by: A. Lindqvist")
        cuts = [0] + [g.end() for g in _MORE_LABELS.finditer(line)] + [len(line)]
        for lo, hi in zip(cuts, cuts[1:], strict=False):
            m = _LABEL.match(line[lo:hi].rstrip(" \t\u3000|｜·•"))  # the separator is no part of the value
            # (not the first line: "Mosswood Robotics — investor update" is a title)
            if m is None and lang == "en" and lo == 0 and hi == len(line) and plain[:offset].strip():
                m = _DASH_LABEL.match(line.rstrip())
            if m:
                doc.labels.append((m.group(1).strip(), m.group(2).strip(), offset + lo + m.start(2)))
        offset += len(line) + 1
    if lang == "en":
        doc.labels += _stacked_labels(plain)
        doc.labels.sort(key=lambda x: x[2])
    return doc


#: a form's question or field name on a line of its own ("Funding required", "Year founded")
_STACKED_LABEL = re.compile(r"[A-Z][A-Za-z/&'’(), -]{1,60}\??")


def _stacked_labels(plain: str) -> list[tuple[str, str, int]]:
    """A form exported with each field's name on a line and its value on the next, the pairs
    set apart by blank lines ("Funding required" / "$1,200,000"): labels like "Label: value",
    when the document has three such pairs or more."""
    lines = plain.split("\n")
    starts, at = [], 0
    for line in lines:
        starts.append(at)
        at += len(line) + 1
    pairs = []
    for i in range(len(lines) - 1):
        label, value = lines[i].strip(), lines[i + 1].strip()
        if (i == 0 or not lines[i - 1].strip()) and (i + 2 >= len(lines) or not lines[i + 2].strip()) \
                and label and value and len(label.split()) <= 8 and _STACKED_LABEL.fullmatch(label) \
                and not _LABEL.match(label) and not _LABEL.match(value) and len(value) <= 100:
            pairs.append((label.rstrip("?"), value, starts[i + 1] + lines[i + 1].find(value)))
    return pairs if len(pairs) >= 3 else []


def table_cell(doc: Document, start: int) -> tuple[str, str, Table, int] | None:
    """The table cell the number at ``start`` stands in: its column's header, its row's first
    cell, its table and its column (None outside table rows, which the readers write ``a; b; c``)."""
    text = doc.text
    lo = text.rfind("\n", 0, start) + 1
    hi = text.find("\n", start)
    line = text[lo:(len(text) if hi < 0 else hi)]
    if "; " not in line:
        return None
    cells = [c.strip() for c in line.split("; ")]
    col = line[:start - lo].count("; ")
    for t in doc.tables:
        if col < len(t.header) and any(r == cells for r in t.rows):
            return t.header[col], cells[0], t, col
    return None


#: the money unit of a table's row label or column header ("营业收入（万元）")
_MONEY_SCALE = ((re.compile(r"亿元"), 1e8), (re.compile(r"百万元|百万美元"), 1e6),
                (re.compile(r"万元|万美元"), 1e4), (re.compile(r"千元|千美元"), 1e3))
#: a count in ten thousands: "会员人数（万人）", "（万户）"
_COUNT_SCALE = re.compile(r"[（(]\s*万\s*(?:人|户|家|名|个|位|人次)?\s*[)）]")
#: "单位：万元" over a table: the unit of its amounts
_TABLE_UNITS = r"(亿元|百万元|万元|千元|万美元|千美元|百万美元)"
_UNIT_LINE = re.compile(r"单位\s*[:：]\s*(?:人民币|RMB\s*|美元\s*(?=万|千|百万))?" + _TABLE_UNITS)
def zh_count(m: Mention) -> bool:
    """``m`` counts things in a Chinese unit ("8.6万人", "1,215家"), even scaled by 万: no amount of money."""
    return not m.currency and bool(re.search(r"[\u4e00-\u9fff]", m.unit)) and not m.unit.endswith("元")


#: "项目（万元）": the unit in brackets at the end of a table's first header cell
_UNIT_BRACKET = re.compile(r"[（(]\s*" + _TABLE_UNITS + r"\s*[)）]\s*$")
#: rows and columns that count things or give rates, whatever the table's money unit
_COUNTED = re.compile(r"客户|用户|会员|人数|人次|家数|户数|门店|员工|数量|个数|率|占比|%|％|\b(?:customers|users|count)\b",
                      re.I)


#: a table's column of units ("单位", "计量单位")
_UNIT_HEAD = re.compile(r"(?:计量)?单位|[Uu]nits?")


def _at_table_scale(doc: Document, m: Mention) -> Mention:
    """``m`` at the scale its table gives a bare number: its row label's or column header's unit
    ("营业收入（万元） | 15,320" is 153,200,000 yuan, "会员人数（万人） | 86" is 860,000), else a
    "单位：万元" line over the table for rows that are amounts; ``m`` itself otherwise."""
    if m.scaled or m.percent:
        return m
    at = table_cell(doc, m.start)
    if at is None or at[3] == 0:
        return m
    header, row, t, col = at
    # a statistics form's unit column ("指标; 单位; 2025年" over "营业收入; 万元; 16,380"): the row's
    # unit cell is the unit of its figures
    unit_col = next((k for k, h in enumerate(t.header) if _UNIT_HEAD.fullmatch(h.strip())), None)
    if unit_col is not None and re.search(r"[%％]|率|占比|比重", header):
        return m  # ("增减（%）": the row's change in percent, not in its unit)
    if unit_col is not None and unit_col != col:
        cells = next((r for r in t.rows if r and r[0] == row and len(r) > unit_col), None)
        if cells is not None:
            row = f"{row}（{cells[unit_col].strip()}）"
    for words in (row, header):
        for pattern, scale in _MONEY_SCALE:
            if pattern.search(words):
                return replace(m, value=float(f"{m.value * scale:.12g}"), scaled=True, currency=m.currency or "CNY")
        if _COUNT_SCALE.search(words):
            return replace(m, value=float(f"{m.value * 1e4:.12g}"), scaled=True)
        if words.endswith(" (thousands)"):  # a CSV's "raise_000" row, "arr_000" column
            return replace(m, value=float(f"{m.value * 1e3:.12g}"), scaled=True)
    if _COUNTED.search(f"{row} {header}"):
        return m
    home = next((s for s in doc.sections if any(x is t for x in s.tables)), None)
    # (a short line, or the last label of a header line: "编制单位：财务管理部　　报送日期：…　　金额单位：万元")
    units = [u.group(1) for p in (home.paragraphs if home else []) if (u := _UNIT_LINE.search(p))
             and (len(p) <= 20 or u.end() >= len(p.rstrip()) and re.search(r"(?:\u3000|\s{2,})\S*$", p[:u.start() + 1]))]
    # "三、财务报表摘要（单位：千元）": the heading over the table gives its unit (a line under it wins)
    units[:0] = [u.group(1) for u in [_UNIT_LINE.search(home.heading) if home else None] if u]
    # "项目（单位：万元）", "项目（万元）": the first header cell names the unit of the whole table
    units += [u.group(1) for u in [_UNIT_LINE.search(t.header[0]) or _UNIT_BRACKET.search(t.header[0])] if u]
    for pattern, scale in _MONEY_SCALE:
        if units and pattern.search(units[-1]):
            return replace(m, value=float(f"{m.value * scale:.12g}"), scaled=True, currency=m.currency or "CNY")
    return m


_NUMERIC_DATE = re.compile(r"(?<![\d/.])(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?![\d/])")
_MONTH_YEAR = re.compile(r"(?<![\d/.,$€£¥])(0?[1-9]|1[0-2])/((?:19|20)\d\d)(?![\d/])")
_MONTH_SHORT_YEAR = re.compile(r"\b((?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?)\s+['’](\d\d)\b")
#: a date written year first with dots: "运营部 2026.3.6", "（2026.3.2-2026.3.6）"
_DOTTED_YMD = re.compile(r"(?<![\d.])(\d{4})\.(\d{1,2})\.(\d{1,2})(?![\d.])")


#: a Chinese month (and day) written without its year: after 今年 / 本年 ("今年3月更新"), or as a
#: dating label's whole value ("报告日期：12月3日")
_YEARLESS_ZH = re.compile(r"(?:(?<=今年)|(?<=本年)|(?<=日期[:：])|(?<=时间[:：]))\s*(1[0-2]|0?[1-9])月"
                          r"(?:(3[01]|[12]\d|0?[1-9])[日号])?(?![份度末底初中旬\d])")
_ZH_YEAR = re.compile(r"((?:19|20)\d\d)\s*年")


def yearless_dates(text: str, dated: list[DateMention]) -> list[DateMention]:
    """Chinese dates whose year is written elsewhere: "（2026年版，今年3月更新）" takes the year of its
    own line, "报告日期：12月3日" under "…2026年11月工作月报" the year of the document's title line.
    Only one year there: where the line or the title names several, the date stays unread."""
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    out = []
    for m in _YEARLESS_ZH.finditer(text):
        if any(d.start <= m.start(1) < d.end for d in dated):
            continue
        lo = text.rfind("\n", 0, m.start()) + 1
        hi = text.find("\n", m.end())
        line = text[lo:hi if hi >= 0 else len(text)]
        years = set(_ZH_YEAR.findall(line)) or (set(_ZH_YEAR.findall(first)) if lo > 0 else set())
        if len(years) != 1:
            continue
        day = int(m.group(2)) if m.group(2) else None
        start = m.start(1) - (2 if text[m.start() - 2:m.start()] in ("今年", "本年") else 0)
        out.append(DateMention(int(years.pop()), int(m.group(1)), day, text[start:m.end()], start, m.end()))
    return out


def numeric_dates(text: str) -> list[DateMention]:
    """Dates written as 03/15/2024 or 15.03.2024.  Which number is the month is read from the
    document itself: a date whose first number is over 12 (15/03/2024) makes every such date
    day first, one whose second is (03/15/2024) month first; a date that could be read both
    ways (09/01/2024) is read only when another date decides, and none is when they disagree."""
    found = [(m, int(m.group(1)), int(m.group(3)), int(m.group(4))) for m in _NUMERIC_DATE.finditer(text)]
    day_first = any(a > 12 >= b for _m, a, b, _y in found)
    month_first = any(b > 12 >= a for _m, a, b, _y in found)
    out = []
    for m, a, b, y in found:
        if not 1900 <= y <= 2200 or not (1 <= a <= 31 and 1 <= b <= 31):
            continue
        if a > 12 >= b and not month_first:
            day, month = a, b
        elif b > 12 >= a and not day_first:
            day, month = b, a
        elif a <= 12 and b <= 12 and day_first != month_first:
            day, month = (a, b) if day_first else (b, a)
        else:
            continue
        out.append(DateMention(y, month, day, m.group(0), m.start(), m.end()))
    # a month and year alone: "FOUNDED: 03/2024", "first paying cust Mar '24" (no day: the 1st is
    # assumed, and said, where a field takes it)
    for m in _MONTH_YEAR.finditer(text):
        out.append(DateMention(int(m.group(2)), int(m.group(1)), None, m.group(0), m.start(), m.end()))
    for m in _MONTH_SHORT_YEAR.finditer(text):
        month = _MONTH_NUMBERS[m.group(1)[:3].lower()]
        out.append(DateMention(2000 + int(m.group(2)), month, None, m.group(0), m.start(), m.end()))
    for m in _DOTTED_YMD.finditer(text):
        y, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if 1900 <= y <= 2200 and 1 <= month <= 12 and 1 <= day <= 31:
            out.append(DateMention(y, month, day, m.group(0), m.start(), m.end()))
    return sorted(out, key=lambda d: d.start)


def _bilingual(text: str) -> str | None:
    """"en" for a document written in both English and Chinese, fact by fact, that opens in
    English (an investor summary "ARR: $6.4M, up 47% · 年度经常性收入640万美元，同比增长47%"), which
    the script count alone reads as Chinese; None otherwise (one language; Chinese with English
    names and terms; a bilingual text that opens in Chinese, read as Chinese as before). Both are
    there in full when its English words are at least half as many as its Chinese characters (a
    translation takes about 1.5 characters a word; a Chinese report that names its products in
    English has three or more characters to each English word)."""
    cjk = len(_CJK.findall(text))
    if not cjk or 2 * len(re.findall(r"[A-Za-z]{2,}", text)) < cjk:
        return None
    first = re.search(r"[A-Za-z\u4e00-\u9fff]", text)
    return "en" if first is not None and first.group(0).isascii() else None


#: the rest of a range of months, days or years after its first number ("1-10月", "3至5日")
_RANGE_REST = re.compile(r"\s*[-—–~～至到]\s*\d{1,4}\s*(?:年|个?月|日|号|季度)")


#: a day of a month written without its year ("11月5日报送", "3月12号"): the day's number
_MONTH_BEFORE = re.compile(r"(?<!\d)(?:1[0-2]|0?[1-9])\s*月\s*$")


def _range_start(text: str, m: Mention) -> bool:
    """``m`` is the first number of a range of months, days or years ("2026年1-10月": the 1 of
    "1-10月"), or the day of "11月5日": a part of a period or a day, no figure."""
    if m.unit or m.currency or m.percent or m.scaled:
        return False
    return _RANGE_REST.match(text, m.end) is not None or (
        text.startswith(("日", "号"), m.end) and _MONTH_BEFORE.search(text, max(0, m.start - 4), m.start) is not None)


_MM = re.compile(r"\s?mm(?![A-Za-z])")


def _money_mm(text: str, mentions: list[Mention]) -> list[Mention]:
    """"$2.4mm", "$3mm": the bankers' "mm" after an amount of money is millions (after a bare
    number, "5mm" is a length, and stays as it is)."""
    from dataclasses import replace

    out = []
    for m in mentions:
        mm = _MM.match(text, m.end)
        if mm and m.currency and not m.scaled and not m.percent:
            m = replace(m, value=m.value * 1e6, raw=text[m.start:mm.end()], end=mm.end(), scaled=True)
        out.append(m)
    return out


def read_source(path: str | Path, lang: str = "auto") -> Document:
    """Read ``path`` (.md, .txt, .docx, .pptx) into a :class:`Document`."""
    from ...safeio import read_user_file
    from ..summarize.readers import MAX_TEXT_FILE_BYTES, decode_text, read_document

    p = Path(path)
    if p.suffix.lower() == ".pptx":
        # slide titles, bullets and notes as Markdown (plain text loses which is which)
        from ...safeio import MAX_DOCUMENT_FILE_BYTES, check_zip
        from ..summarize.office import pptx_outline
        from ..summarize.readers import MAX_INPUT_CHARS

        read_document(p)  # the same checks and errors as a summary's
        raw = read_user_file(p, limit=MAX_DOCUMENT_FILE_BYTES, what=".pptx file")
        with check_zip(raw, file=str(p), what=".pptx file") as archive:
            return parse(pptx_outline(archive, str(p), MAX_INPUT_CHARS), str(p), markdown=True,
                         lang=lang)
    if p.suffix.lower() == ".docx":
        # the body and its reviewers' comments, each after the paragraph it is anchored in (a
        # comment that corrects a figure is what a careful reader fills in)
        from ...safeio import MAX_DOCUMENT_FILE_BYTES, check_zip
        from ..summarize.office import docx_text
        from ..summarize.readers import MAX_INPUT_CHARS

        read_document(p)  # the same checks and errors as a summary's
        raw = read_user_file(p, limit=MAX_DOCUMENT_FILE_BYTES, what=".docx file")
        with check_zip(raw, file=str(p), what=".docx file") as archive:
            return parse(docx_text(archive, str(p), MAX_INPUT_CHARS, comments=True), str(p), lang=lang)
    if p.suffix.lower() in (".md", ".markdown"):
        # the summarizer's reader drops the '#': headings are read here from the raw text
        read_document(p)  # the same checks (suffix, size, encoding) and errors
        raw = decode_text(read_user_file(p, limit=MAX_TEXT_FILE_BYTES, what="text file"), str(p))
        return parse(raw, str(p), markdown=True, lang=lang)
    return parse(read_document(p), str(p), lang=lang)
