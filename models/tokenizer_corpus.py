"""Deterministic test strings for tokenizer equivalence: English, Chinese, code, formulas, noise.

Fixed seeds, so a failing string can be reproduced from its index.
"""

from __future__ import annotations

import random

_EN = [
    "The quarterly report shows revenue grew 12% year over year.",
    "Please summarize the attached document in three bullet points.",
    "Don't forget: we'll meet at 10:30 a.m. on Tuesday, Oct. 3rd.",
    "She said, \"It's not what you think!\" and left the room...",
    "Total: $1,234,567.89 (including VAT); see appendix B-12.",
    "  Indented text\twith tabs\nand\r\nWindows line endings.  ",
    "E-mail john.doe@example.com or visit https://example.org/path?q=1&r=2#top",
    "WHAT IS THE CAPITAL OF FRANCE? paris is the capital of france.",
]
_ZH = [
    "请用三句话总结这份文件的主要内容。",
    "本季度销售额同比增长百分之十二，利润率保持稳定。",
    "北京是中国的首都，上海是最大的城市。",
    "在单元格 B2 中计算 A 列的总和，并保留两位小数。",
    "你好，世界！这是一个测试：中文、English 和 123 混合。",
    "会议定于下周二上午十点举行，请准时参加。",
]
_CODE = [
    "def mean(xs: list[float]) -> float:\n    return sum(xs) / len(xs) if xs else 0.0\n",
    "for (int i = 0; i < n; ++i) { total += a[i] * b[i]; }",
    "SELECT name, COUNT(*) AS n FROM orders WHERE date >= '2024-01-01' GROUP BY name;",
    "const f = async (url) => { const r = await fetch(url); return r.json(); };",
    "    if x == None:\n        raise ValueError(f'bad {x!r}')\n\n\n",
    "<div class=\"title\">{{ name }}</div>\n<script>alert('x')</script>",
]
_FORMULAS = [
    "=SUM(A1:A10)", "=AVERAGE(B2:B100)*1.05", "=IF(C2>100,\"high\",\"low\")",
    "=VLOOKUP(E2,Sheet2!$A$1:$D$500,4,FALSE)", "=SUMIFS(D:D,A:A,\"East\",B:B,\">=2024-01-01\")",
    "=INDEX(A:A,MATCH(MAX(B:B),B:B,0))", "=TEXT(TODAY(),\"yyyy-mm-dd\")", "=ROUND(A1/B1,2)&\"%\"",
    "=XLOOKUP(G2,A2:A99,C2:C99,\"n/a\")", "=LET(x,A1*2,y,B1^2,SQRT(x+y))",
]
_NOISE = "aé中😀 \n\t0123456789.,;:!?'\"()[]{}<>=+-*/\\|_@#$%^&~`ÄßçøЖж한국어ไทยعربى"


def corpus(n: int, seed: int = 0, pieces: list[str] | None = None) -> list[str]:
    """``n`` strings; ``pieces`` (decoded vocabulary entries) adds random token soups."""
    rng = random.Random(seed)
    fixed = _EN + _ZH + _CODE + _FORMULAS
    out = list(fixed)
    sources = [_EN, _ZH, _CODE, _FORMULAS]
    while len(out) < n:
        kind = rng.randrange(5)
        if kind < 3:
            parts = [rng.choice(rng.choice(sources)) for _ in range(rng.randint(1, 3))]
            text = rng.choice(["", " ", "\n", "\n\n", "  "]).join(parts)
            if rng.random() < 0.5:  # cut at a random place: odd boundaries
                a, b = sorted(rng.randrange(len(text) + 1) for _ in range(2))
                text = text[a:b] or text
        elif kind == 3 or not pieces:
            text = "".join(rng.choice(_NOISE) for _ in range(rng.randint(1, 40)))
        else:
            text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        out.append(text)
    return out[:n]
