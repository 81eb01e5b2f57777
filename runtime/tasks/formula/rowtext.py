"""Text per row (issue 16 item 1): parts of a value, case, length, joining, masking.

First / last name, the part before or after "@", the first or last N
characters, UPPER / LOWER / PROPER, LEN, a prefix removed (SUBSTITUTE), two
columns joined with a separator taken from the request or its example, and a
phone number with its middle digits masked (REPLACE).  The column is the one
the request names, or the one whose values fit (the "@" column for an email
part).  Vocabulary: ``lexicon/text.json``.
"""

from __future__ import annotations

import re

from . import joinshown, rowconcat, rowtitles
from .rowbase import (
    RowReading,
    count_word,
    has,
    is_zh,
    lexicon,
    mentions,
    numbers,
    quoted,
    ref,
    values,
)
from .schema import Column, SheetSchema


def _texts(schema: SheetSchema, col: Column) -> list[str]:
    return [str(v) for v in values(schema, col) if v is not None]


def _column(text: str, schema: SheetSchema, fits=None) -> Column | None:
    """The one text column named (or, when none is named, the one whose values fit)."""
    found = [(p, c) for p, c in mentions(text, schema) if c.type in ("text", "mixed")]
    named = {c.letter: c for _, c in found}
    if fits is not None:
        named = {k: c for k, c in named.items() if fits(_texts(schema, c))}
    nouns = {c.letter for p, c in found if re.search(r"\b(?:each|every|per)\s+$", text[:p])}
    if len(named) > 1 and 0 < len(set(named) - nouns):  # "each patient's mobile": the row's noun, beside the column
        named = {k: c for k, c in named.items() if k not in nouns}
    if len(named) == 1:
        return next(iter(named.values()))
    if named or fits is None:
        return None
    every = [c for c in schema.columns if c.type in ("text", "mixed") and fits(_texts(schema, c))]
    return every[0] if len(every) == 1 else None


def _person(text: str, schema: SheetSchema, fits) -> Column | None:
    """"first name only" on a sheet of patients and dentists: no column named, the sheet's column
    of people's names (``rowbase.person_column``) when its values fit."""
    from .rowbase import person_column

    if any(c.type in ("text", "mixed") for _, c in mentions(text, schema)):
        return None
    c = person_column(schema.columns)
    return c if c is not None and fits(_texts(schema, c)) else None


def named_any(text: str, schema: SheetSchema) -> bool:
    """Whether ``text`` names a text column of ``schema``."""
    return any(c.type in ("text", "mixed") for _, c in mentions(text, schema))


def _n(pattern_list: list[str], text: str) -> tuple[int, str] | None:
    for pat in pattern_list:
        m = re.search(pat, text)
        if m and (n := count_word(m.group(1))) is not None:
            return n, m.group(1)
    return None


def _used(raw: str) -> list[float]:
    return [float(raw)] if raw.isdigit() else []


def _case(text: str, lex: dict, body: str) -> str:
    if has(text, lex["upper"]):
        return f"UPPER({body})"
    if has(text, lex["lower"]):
        return f"LOWER({body})"
    if has(text, lex["proper"]):
        return f"PROPER({body})"
    return body


def read(request: str, schema: SheetSchema) -> RowReading | None:
    text = request.lower()
    lex = lexicon("text")
    zh = is_zh(request)
    spaced = lambda vs: bool(vs) and all(" " in v.strip() for v in vs)  # noqa: E731
    at = lambda vs: bool(vs) and all("@" in v for v in vs)  # noqa: E731
    if quoted(request) and (made := rowconcat.form(request, schema)) is not None:
        return made  # 'Tool & " (" & Team & ")"', "as 'Tool (Team)'": the form written out
    initials = has(text, lex["initials"]) or re.search(lex["initials_said"], text)  # "first letter of first name and surname"
    if initials and (c := _column(text, schema, spaced) or _person(text, schema, spaced)):
        r = ref(c)  # "AB for Alice Brook": the first letters of the first two words
        return RowReading(f'=LEFT({r},1)&MID({r},FIND(" ",{r})+1,1)', f"initials of {c.header}")
    if has(text, lex["first_name"]) and (c := _column(text, schema, spaced) or _person(text, schema, spaced)):
        r = ref(c)
        body = _case(text, lex, f'LEFT({r},FIND(" ",{r})-1)')
        return RowReading(f"={body}", f"first word of {c.header}")
    some = lambda vs: any(" " in v.strip() for v in vs)  # noqa: E731
    if has(text, lex["first_name"]) and (c := _column(text, schema, some)) is not None:
        r = ref(c)  # "first word of each plant name": Lavender stays Lavender, Acer palmatum gives Acer
        body = _case(text, lex, f'LEFT({r},FIND(" ",{r}&" ")-1)')
        return RowReading(f"={body}", f"first word of {c.header}")
    if has(text, lex["last_name"]) and (c := _column(text, schema, spaced) or _person(text, schema, spaced)):
        r = ref(c)
        body = _case(text, lex, f'RIGHT({r},LEN({r})-FIND(" ",{r}))')
        return RowReading(f"={body}", f"last word of {c.header}")
    if has(text, lex["before_space"]) and not has(text, lex["after_space"]) and (c := _column(text, schema, spaced)):
        r = ref(c)  # "outward code of each postcode": LS6 of LS6 2AB
        return RowReading(f'=LEFT({r},FIND(" ",{r})-1)', f"{c.header} before its first space")
    if has(text, lex["after_space"]) and not has(text, lex["before_space"]) and (c := _column(text, schema, spaced)):
        r = ref(c)
        return RowReading(f'=MID({r},FIND(" ",{r})+1,LEN({r}))', f"{c.header} after its first space")
    dashed = lambda vs: bool(vs) and all(v.strip().count("-") == 1 and v.strip()[0] != "-" for v in vs)  # noqa: E731
    if has(text, lex["before_dash"]) and not has(text, lex["after_dash"]) and (c := _column(text, schema, dashed)):
        r = ref(c)  # "the bit of the route before the dash": Uig of Uig-Tarbert
        return RowReading(f'=LEFT({r},FIND("-",{r})-1)', f"{c.header} before its dash")
    if has(text, lex["after_dash"]) and not has(text, lex["before_dash"]) and (c := _column(text, schema, dashed)):
        r = ref(c)
        return RowReading(f'=MID({r},FIND("-",{r})+1,LEN({r}))', f"{c.header} after its dash")
    if zh and (titled := rowtitles.read(request, schema)) is not None:
        return titled  # "负责人称呼：姓加“总”": 曹思琪 -> 曹总
    zh_names = lambda vs: bool(vs) and all(re.fullmatch(r"[\u4e00-\u9fff]{2,4}", v) for v in vs)  # noqa: E731
    surname = has(text, lex["zh_surname"]) or zh and re.search(lex["zh_surname_alone"], text)  # "只要姓", "把姓单独拿出来"
    if surname and not has(text, lex["mask_words"]) and (c := _column(text, schema, zh_names) if named_any(text, schema)
                                         else _person(text, schema, zh_names)):  # "取姓": the sheet's names
        return RowReading(f"=LEFT({ref(c)},1)", f"{c.header}的第一个字（姓）")
    if has(text, lex["first_char"]) and not has(text, lex["remove"] + lex["mask_words"]) \
            and (c := _column(text, schema, lambda vs: bool(vs))):  # (not "开头的字母T删掉": a removal)
        return RowReading(f"={_case(text, lex, f'LEFT({ref(c)},1)')}", f"{c.header}的第一个字" if zh
                          else f"first character of {c.header}")
    padded = lambda vs: bool(vs) and all(re.fullmatch(r"\d+", v.strip()) for v in vs) \
        and any(v.strip().startswith("0") for v in vs)  # noqa: E731
    named = {c.letter for _, c in mentions(text, schema) if c.type in ("text", "mixed")}
    # a named column must be the padded one itself: "zone number as a number" on a sheet of zones
    # 1-9 is no leading-zero ID, whatever other column is padded
    if has(text, lex["as_number"]) and (named or re.search(r"\bzero|零|0", text)) \
            and (c := _column(text, schema, padded)) and (not named or c.letter in named) \
            and (shown := _padded_shown(request, schema, c)) is not None:
        return RowReading(f"=VALUE({ref(c)})", f"{c.header} as a number", shown)  # "horse ID without the leading zeros"
    if has(text, lex["before_at"]) and (c := _column(text, schema, at)):
        r = ref(c)
        return RowReading(f'=LEFT({r},FIND("@",{r})-1)', f"{c.header} before the @")
    if has(text, lex["after_at"]) and (c := _column(text, schema, at)):
        r = ref(c)
        return RowReading(f'=MID({r},FIND("@",{r})+1,LEN({r}))', f"{c.header} after the @")
    if has(text, lex["mask_words"]) and (w := _n(lex["mask_where"], text)):
        n, raw = w
        c = _column(text, schema, lambda vs: bool(vs) and len({len(v) for v in vs}) == 1
                    and all(re.fullmatch(r"[\d-]+", v) for v in vs))
        if c is None:
            return None
        width = len(_texts(schema, c)[0])
        if width <= n:
            return None
        start = (width - n) // 2 + 1
        return RowReading(f'=REPLACE({ref(c)},{start},{n},"{"*" * n}")',
                          f"{c.header} with characters {start}-{start + n - 1} masked", _used(raw))
    if has(text, lex["mask_words"]) and (kept := _keep_ends(text, lex)):
        return _masked_ends(text, schema, *kept)
    if has(text, lex["mask_words"]) and not re.search(r"\d|[一二两三四五六七八九]\s*位|位数", text) \
            and (c := _column(text, schema, lambda vs: bool(vs) and all(re.fullmatch(lex["mobile"]["value"], v) for v in vs))) \
            and any(m is c for _, m in mentions(text, schema)):
        # "把手机号打码" with no count: a mobile number (the column named) is masked the way it is quoted, 前三后四
        return _masked_ends(text, schema, lex["mobile"]["first"], lex["mobile"]["last"], "", "")
    qs = quoted(request)
    if has(text, lex["remove"]) and len(qs) == 1 and qs[0][1]:
        lit = qs[0][1]
        c = _column(text, schema, lambda vs: bool(vs) and any(lit in v for v in vs))
        if c is not None:
            return RowReading(f'=SUBSTITUTE({ref(c)},"{lit}","")', f"{c.header} without {lit!r}",
                              [v for v, _, _ in numbers(lit)])
    if (middle := _middle(request, text, schema, lex)) is not None:
        return middle
    if (w := _n(lex["left"], text)) or (w2 := _n(lex["right"], text)):
        fn, (n, raw) = ("LEFT", w) if w else ("RIGHT", w2)
        c = _column(text, schema, lambda vs: bool(vs) and all(len(v) > n for v in vs))
        if c is None:
            return None
        if has(text, lex["mask_words"]):
            return _shown_with(request, c, fn, n, raw)
        if _shown_elsewise(text, schema, c, fn, n):
            return None  # "前两位，比如京A" where no row starts 京A
        kept = [0.0] if re.search(lex["parts_said"]["zeros"], text) else []  # "后4位，前面的0要保留"
        kept += _values_shown(request, schema, c)  # "CC2026-031这种单号的最后3位": a value shown, its numbers
        return RowReading(f"={_case(text, lex, f'{fn}({ref(c)},{n})')}",
                          f"{'first' if fn == 'LEFT' else 'last'} {n} characters of {c.header}", _used(raw) + kept)
    if has(text, lex["phone_tail"]) and not has(text, lex["mask_words"]) and (c := _column(text, schema, lambda vs: bool(vs) and all(
            re.fullmatch(r"1\d{10}", v) for v in vs))) and re.search(  # "卖家手机尾号": a mobile number's last 4 digits
            rf"(?:手机号?|电话(?:号码?)?|号码|{re.escape(c.header.lower())})的?尾号", text):
        return RowReading(f"=RIGHT({ref(c)},4)", f"{c.header}的尾号（后4位）" if zh else f"last 4 digits of {c.header}")
    removed = _unquoted_removal(request, text, schema, lex) if has(text, lex["remove"]) and not qs else None
    if removed is not None:
        return removed
    if has(text, lex["area_code"]["words"]) and (area := _area_code(text, schema, lex)) is not None:
        return area
    heads = all(re.fullmatch(r"[a-z]{1,6}[-_/]?", q.lower()) for _, q in qs)  # "digits after 'IN-'"
    part = _code_part(text, schema, lex) if not qs or heads else None
    if part is not None:
        return part
    if (made := rowconcat.read(request, schema)) is not None:
        return made  # "a B in front of the batch number", 'Tool & " (" & Team & ")"'
    if has(text, lex["length"]) and (c := _column(text, schema)) is not None:
        return RowReading(f"=LEN({ref(c)})", f"number of characters in {c.header}")
    if has(text, lex["join"]) or has(text, lex["brackets"]) or any(
            re.fullmatch(r"[^\s\d]+\s*" + lex["separator_between"] + r"\s*[^\s\d]+", q) for _, q in qs):
        # an example one row makes ("比如 牛肉面（面）") says the form; else the names and separator said
        return joinshown.read(request, schema) or _join(request, text, schema, lex, qs, zh)  # (a quoted "工号-名字" is a join by itself)
    for kind in ("upper", "lower", "proper"):
        if has(text, lex[kind]) and (c := _column(text, schema)) is not None:
            return RowReading(f"={_case(text, lex, ref(c))}", f"{c.header} in {kind} case")
    return joinshown.read(request, schema)  # "a label like 'Harbour Cafe - Flyers'": the columns the example shows


def _values_shown(request: str, schema: SheetSchema, c: Column) -> list[float]:
    """The numbers of the codes ``request`` writes in the shape of ``c``'s values (CC2026-031 on a
    column of CC2026-017, CC2026-024): an example of the value read, not an operand."""
    shape = lambda v: re.sub(r"[A-Za-z]", "A", re.sub(r"\d", "9", v))  # noqa: E731
    shapes = {shape(v.strip()) for v in _texts(schema, c)}
    out: list[float] = []
    for m in re.finditer(r"(?<![A-Za-z\d])[A-Za-z\d][A-Za-z\d\-_/#]{2,}(?![A-Za-z\d])", request):
        if shape(m.group(0)) in shapes and re.search(r"[A-Za-z\-_/#]", m.group(0)):
            out += [v for v, _, _ in numbers(m.group(0))]
    return out


def _area_code(text: str, schema: SheetSchema, lex: dict) -> RowReading | None:
    """A phone number's area code, on a phone column whose every value has one shape
    (``lexicon/text.json`` area_code): (847) 604-8388 -> 847, 021-12345678 -> 021."""
    for shape, body in lex["area_code"]["shapes"]:
        c = _column(text, schema, lambda vs, p=shape: bool(vs) and all(re.fullmatch(p, v.strip()) for v in vs))
        if c is not None:
            return RowReading("=" + body.replace("{r}", ref(c)), f"area code of {c.header}")
    return None


def _padded_shown(request: str, schema: SheetSchema, c: Column) -> list[float] | None:
    """The numbers of a leading-zeros request, each a value of ``c`` or the number one stands for
    ("leading zeros (00680) ... plain numbers like 680"): an example of the column and of the
    result; None when a number is neither (it says something else, so the request is not read here)."""
    vals = {v.strip() for v in _texts(schema, c)}
    out = []
    for v, raw, _ in numbers(request):
        if raw.strip() not in vals and not any(float(x) == v for x in vals if x.isdigit() and x.strip("0")):
            return None
        out.append(v)
    return out


def _unquoted_removal(request: str, text: str, schema: SheetSchema, lex: dict) -> RowReading | None:
    """"task number without the T- prefix", "strip FS- off the order no", "plate number without the
    space": a dashed code start, or a space, said without quotes and taken out of the one text
    column whose every value holds it once (``lexicon/text.json`` removed); VALUE() round it when
    the request asks for a number ("as a number")."""
    spec = lex["removed"]
    m = re.search(spec["prefix"], request, re.I)
    c = None
    if m is not None:
        lit, once = m.group(1), lambda v, lit: v.startswith(lit) and v.count(lit) == 1
    elif (said := _said_prefix(request, text, schema, spec)) is not None:
        lit, c = said
    elif has(text, spec["space"]):
        lit, once = " ", lambda v, lit: v.strip() == v and v.count(lit) == 1
    else:
        return None
    c = c or _column(text, schema, lambda vs: bool(vs) and all(once(v, lit) for v in vs))
    if c is None:
        return None
    body = f'SUBSTITUTE({ref(c)},"{lit}","")'
    if re.search(r"\bas an? (?:number|integer|whole number)\b", text):
        body = f"VALUE({body})"
    kept = _said_of_parts(text, [v.replace(lit, "") for v in _texts(schema, c)], lex) if lit != " " else []
    return RowReading(f"={body}", f"{c.header} without {lit!r}", [v for v, _, _ in numbers(lit)] + kept)


def _place(word: str, spec: dict) -> int | None:
    return count_word(word) or spec["ordinals"].get(word)


def _middle(request: str, text: str, schema: SheetSchema, lex: dict) -> RowReading | None:
    """"编号第3到第6位是年份" (MID(r,3,4)), "房号第二位是楼层" (MID(r,2,1)), "characters 3 to 6 of
    the code", "the 2nd digit of the room no": the characters at the places said, of the one text
    column named (or whose every value is that long); a result shown with a unit after it
    ("显示成“3楼”", "写成X楼") gets the unit (``lexicon/text.json`` middle)."""
    spec = lex["middle"]
    if re.search(spec["not"], text):
        return None  # "小数点后第2位", "排第3位": a rounding or a rank, not characters
    found = None
    for pat in spec["span"]:
        m = re.search(pat, text)
        if m and (a := _place(m.group(1), spec)) and (b := _place(m.group(2), spec)) and b > a:
            found = (a, b, m)
            break
    for pat in spec["one"] if found is None else []:
        m = re.search(pat, text)
        if m and (a := _place(m.group(1), spec)):
            found = (a, a, m)
            break
    c = None
    other_ask = has(text, lex["as_number"]) or _n(lex["left"], text) or _n(lex["right"], text)
    if found is None and not other_ask and not re.search(spec["labels"], text) \
            and (shown := _place_shown(request, text, schema, spec)) is not None:
        a, b, m, c = shown
        found = (a, b, m)
    if found is None:
        return None
    a, b, m = found
    c = c or _column(text, schema, lambda vs: bool(vs) and all(len(v.strip()) >= b for v in vs))
    if c is None or "位" in m.group(0) and any(re.search(r"[\u4e00-\u9fff]", v) for v in _texts(schema, c)):
        return None  # a digit's place (第2位) is a code's, not a name's: "销量第一位的门店" is a rank
    consumed = [float(g) for g in m.groups() if g and g.isdigit()]
    body = f"LEFT({ref(c)},{b})" if a == 1 else f"MID({ref(c)},{a},{b - a + 1})"
    parts = {v.strip()[a - 1:b] for v in _texts(schema, c)}
    unit = None
    for u in re.finditer(spec["unit_shown"], request):
        shown = u.group("part")
        if shown.lower() in ("x", "n") or shown in parts:
            unit = u.group("unit")
            consumed += [v for v, _, _ in numbers(u.group(0))]
            break
    for v in _texts(schema, c):  # "0301就是3楼": a value shown with what it gives
        if re.fullmatch(r"\d+", v.strip()) and v.strip() in request:
            consumed += [x for x, _, _ in numbers(v.strip())]
    if unit is not None:
        body += f'&"{unit}"'
    return RowReading(f"={body}", f"characters {a}-{b} of {c.header}" + (f" and {unit!r}" if unit else ""),
                      consumed)


def _place_shown(request: str, text: str, schema: SheetSchema, spec: dict):
    """"根据房号算楼层，0301就是3楼": the places said by an example, a value of the named column (every
    value one width) and the characters it gives, found once in it: (first, last, match, column)."""
    for m in re.finditer(spec["example"], request):
        value, part = m.group("value"), m.group("part")
        c = _column(text, schema, lambda vs, v=value: bool(vs) and v in vs and len({len(x) for x in vs}) == 1)
        if c is None or value.count(part) != 1 or re.sub(r"^\D*0*", "", value) == part:
            continue  # "P001变成1": the number the code holds, not a place in it
        a = value.index(part) + 1
        return a, a + len(part) - 1, m, c
    return None


def _said_of_parts(text: str, parts: list[str], lex: dict) -> list[float]:
    """The numbers a request says of the text it keeps: its width when every part has it ("the 4
    digits after IN-", "后4位数字") and the zeros it keeps ("keep the 0s", 保留前面的0: a text
    result keeps them) (``lexicon/text.json`` parts_said)."""
    said = lex["parts_said"]
    out: list[float] = []
    widths = {len(p) for p in parts}
    if len(widths) == 1:
        w = next(iter(widths))
        out += [float(w) for m in re.finditer(said["width"], text) if int(m.group(1)) == w]
    if any(p.startswith("0") for p in parts) and re.search(said["zeros"], text):
        out.append(0.0)
    return out


def _said_prefix(request: str, text: str, schema: SheetSchema, spec: dict) -> tuple[str, Column] | None:
    """"把申请号前面的CN去掉", "申请号去掉CN前缀", "drop the CN from each app no": letters said without
    quotes beside a removal word (``lexicon/text.json`` removed.letters), taken when they start
    every value of one text column, once, in any case; the literal is the values' own spelling,
    with the separator after it when every value has one there (CN-0012 loses "CN-")."""
    for m in re.finditer(spec["letters"], request, re.I):
        said = next(g for g in m.groups() if g)
        n, low = len(said), said.lower()
        fits = lambda vs, s=low, n=n: bool(vs) and len({v[:n] for v in vs}) == 1 \
            and all(v.lower().startswith(s) and v.lower().count(s) == 1 and len(v) > n for v in vs)  # noqa: E731
        c = _column(text, schema, fits)
        if c is None:
            continue
        vs = _texts(schema, c)
        lit = vs[0][:n]
        if len({v[n] for v in vs}) == 1 and vs[0][n] in "-_/ " and not said.endswith(vs[0][n]):
            lit += vs[0][n]
        return lit, c
    return None


_PREFIXED = re.compile(r"([A-Za-z]+[-_/ ]?)(\d+)")


def _code_part(text: str, schema: SheetSchema, lex: dict) -> RowReading | None:
    """The digits of a prefixed code (BW-5101 -> 5101) or one segment of a dashed code
    (A-2-032 -> 2), asked for with no literal (``lexicon/text.json`` code_digits /
    code_segment).  The column is the one named (or the one whose values fit); every value
    must have the shape; a bracketed example that shows a value must show its part too."""
    if has(re.sub(lex["code_width"], "", text), lex["code_digits"]):  # ("XJ-后面的4位数字": its width, checked below)
        fits = lambda vs: bool(vs) and all(_PREFIXED.fullmatch(v.strip()) for v in vs)  # noqa: E731
        c = _column(text, schema, fits)
        if c is None:
            return None
        heads = {_PREFIXED.fullmatch(v.strip()).group(1) for v in _texts(schema, c)}
        r = ref(c)
        after = re.search(lex["code_head_said"], text)  # "BY-后面的数字": the prefix said must be the values' own
        if after is not None and {h.lower() for h in heads} != {next(g for g in after.groups() if g).strip()}:
            return None
        if after is None and re.search(r"['\"‘’“”]", text):
            return None  # a quoted word that is not the values' prefix: said of something else
        if len(heads) == 1:
            lit = next(iter(heads))
            body, part = f'SUBSTITUTE({r},"{lit}","")', lambda v: v.strip()[len(lit):]
        elif len({len(h) for h in heads}) == 1:
            n = len(next(iter(heads)))
            body, part = f"MID({r},{n + 1},LEN({r}))", lambda v: v.strip()[n:]
        else:
            return None
        what = "number part"
    else:
        seg = next((int(k) for k, words in lex["code_segment"].items() if has(text, words)), None)
        if seg is None:
            return None
        fits = lambda vs: bool(vs) and len({v.strip().count("-") for v in vs}) == 1 \
            and vs[0].strip().count("-") >= 2 and all(all(v.strip().split("-")) for v in vs)  # noqa: E731
        c = _column(text, schema, fits)
        if c is None or seg > _texts(schema, c)[0].strip().count("-") + 1:
            return None
        vs = [v.strip() for v in _texts(schema, c)]
        if seg == 2 and vs[0].count("-") != 2 and not has(text, ["second", "第二"]):
            return None  # "the middle" of four segments is no one segment
        r = ref(c)
        lens = {tuple(len(x) for x in v.split("-")) for v in vs}
        if len(lens) == 1:  # fixed widths: A-2-032's 2 is MID(r,3,1)
            widths = next(iter(lens))
            start = sum(widths[:seg - 1]) + seg
            body = f"MID({r},{start},{widths[seg - 1]})"
        elif seg == 1:
            body = f'LEFT({r},FIND("-",{r})-1)'
        elif seg == 2:
            body = f'MID({r},FIND("-",{r})+1,FIND("-",{r},FIND("-",{r})+1)-FIND("-",{r})-1)'
        else:
            return None
        part = lambda v: v.strip().split("-")[seg - 1]  # noqa: E731
        what = f"part {seg} (between dashes)"
    consumed = _said_of_parts(text, [part(v) for v in _texts(schema, c)], lex)
    for m in re.finditer(r"[(（]([^)）]*)[)）]", text):  # "(5101 not BW-5101)": the example must agree
        shown = [v for v in _texts(schema, c) if v.strip() and v.strip().lower() in m.group(1)]
        if not shown:
            continue
        rest = m.group(1).replace(shown[0].strip().lower(), " ", 1)  # (said_codes may respell "5101" as BW-5101)
        if part(shown[0]).lower() not in re.findall(r"[a-z0-9]+", rest):
            return None
        consumed += [v for v, _, _ in numbers(m.group(1))] + [v for v, _, _ in numbers(rest)]
    return RowReading(f"={body}", f"{what} of {c.header}", consumed)


def _shown_with(request: str, c, fn: str, n: int, raw: str) -> RowReading | None:
    """"mask the phone so only the last 4 digits show, like ***-1234": the kept characters with
    the example's mask before (after) them; None when no example shows what hides the rest."""
    m = re.search(r"(?:\blike\b|\be\.g\.|\bsuch as\b|例如|比如|形如)\s*[\"“'「]?([^\s,，;；\"”'」)）]+)", request)
    if m is None:
        return None
    ex = m.group(1)
    mask, kept = (ex[n:], ex[:n]) if fn == "LEFT" else (ex[:-n], ex[-n:])
    if len(ex) <= n or not re.fullmatch(r"[*xX#•·\-\s]+", mask) or "*" not in mask and "x" not in mask.lower() \
            or re.search(r"[*#•·]", kept):
        return None
    body = f'{fn}({ref(c)},{n})'
    formula = f'="{mask}"&{body}' if fn == "RIGHT" else f'={body}&"{mask}"'
    return RowReading(formula, f"{c.header} shown as {ex}", _used(raw))


def _keep_ends(text: str, lex: dict) -> tuple[int, int, str, str] | None:
    """"keep the first 3 and last 3 digits" / "保留前3位和后4位": the two counts and their words."""
    for pat in lex.get("keep_ends", []):
        m = re.search(pat, text)
        if m and (a := count_word(m.group(1))) is not None and (b := count_word(m.group(2))) is not None:
            return a, b, m.group(1), m.group(2)
    return None


def _masked_ends(text: str, schema: SheetSchema, a: int, b: int, raw_a: str, raw_b: str) -> RowReading | None:
    """The first ``a`` and last ``b`` characters kept, the middle replaced by the stars the request
    shows (or one per hidden character when every value is as long): LEFT & "***" & RIGHT."""
    c = _column(text, schema, lambda vs: bool(vs) and all(re.fullmatch(r"[\d -]+", v) for v in vs))
    if c is None:
        return None
    widths = {len(v) for v in _texts(schema, c)}
    if min(widths) <= a + b:
        return None
    stars = max(re.findall(r"\*+", text), key=len, default="")
    if not stars:
        if len(widths) != 1:
            return None
        stars = "*" * (widths.pop() - a - b)
    r = ref(c)
    return RowReading(f'=LEFT({r},{a})&"{stars}"&RIGHT({r},{b})',
                      f"{c.header}: first {a} and last {b} characters kept, {stars} between",
                      _used(raw_a) + _used(raw_b))


def _example_sep(ex: str, schema: SheetSchema, a: Column, b: Column) -> str | None:
    """What stands between a value of ``a`` and one of ``b`` in the example ``ex``, or None."""
    va = next((v for v in _texts(schema, a) if ex.startswith(v)), None)
    vb = next((v for v in _texts(schema, b) if ex.endswith(v)), None)
    if va is None or vb is None or len(va) + len(vb) > len(ex):
        return None
    return ex[len(va):len(ex) - len(vb)]


def _blurred(schema: SheetSchema, a: Column, b: Column) -> bool:
    """Joining ``a`` and ``b`` with nothing between would blur where one ends: a value with
    spaces, or Latin letters and digits meeting ("螺纹钢" + "HRB400 Φ16")."""
    left, right = _texts(schema, a), _texts(schema, b)
    return any(re.search(r"\s", v.strip()) for v in left + right) \
        or any(re.search(r"[A-Za-z0-9]$", v) for v in left) or any(re.match(r"[A-Za-z0-9]", v) for v in right)


def _joined_columns(text: str, schema: SheetSchema, lex: dict, request: str | None = None) -> list[tuple[int, Column]]:
    """The text columns a join names, in order: each header or synonym, and a word for people's
    names ('名字', 'name') as the sheet's names column when no column of it is named."""
    from .rowbase import find, person_column

    found: list[tuple[int, Column]] = []
    for p, c in mentions(text, schema):
        if c.type in ("text", "mixed") and all(c is not d for _, d in found):
            found.append((p, c))
    for c in schema.columns:  # "combine From and To": a header that is a function word, said as written
        m = re.search(rf"(?<![a-z]){re.escape(c.header.strip())}(?![a-z])", request or "") \
            if c.type in ("text", "mixed") and c.header.strip().lower() in lex["word_headers"] else None
        if m is not None and all(c is not d for _, d in found):
            found.append((m.start(), c))
    person = person_column(schema.columns)
    if person is not None and person.type in ("text", "mixed") and all(c is not person for _, c in found):
        for word in lex["person_words"]:
            at = find(text, word)
            if at >= 0 and not any(word in c.header.lower() for _, c in found):  # not "Job name"
                found.append((at, person))
                break
    return sorted(found, key=lambda x: x[0])


def _between(text: str, schema: SheetSchema, lex: dict, cols: list[tuple[int, Column]]) -> str | None:
    """The separator written between two joined column names ('品类-品名', '工号 / 名字'), or None."""
    (pa, a), (pb, b) = cols
    m = re.fullmatch(r"(.+?)\s*(" + lex["separator_between"] + r")\s*", text[pa:pb])
    if m is None or [c for _, c in _joined_columns(m.group(1), schema, lex)] != [a]:
        return None
    return m.group(2)


def _join(request: str, text: str, schema: SheetSchema, lex: dict, qs, zh: bool) -> RowReading | None:
    for _, q in qs:  # "技师显示成“工号-名字”": a quoted form made of the column names themselves
        inner = _joined_columns(q.lower(), schema, lex)
        if len(inner) == 2 and (between := _between(q.lower(), schema, lex, inner)) is not None:
            a, b = (c for _, c in inner)
            said = re.search(r"(?:比如|例如|e\.g\.|for example|like)\s*[:：]?\s*(\S.*?)\s*[。.]?$", request)
            if said and _example_sep(said.group(1), schema, a, b) not in (None, between):
                return None  # an example that disagrees with the form
            return RowReading(f'={ref(a)}&"{between}"&{ref(b)}', f"{a.header}{between}{b.header}")
    found = _joined_columns(text, schema, lex, request)
    if len(found) != 2:
        return None
    a, b = (c for _, c in found)
    between = _between(text, schema, lex, found)
    if between is not None and not qs:  # "品类-品名拼一起": the names show the form
        return RowReading(f'={ref(a)}&"{between}"&{ref(b)}', f"{a.header}{between}{b.header}")
    if has(text, lex["brackets"]):
        left, right = ("（", "）") if zh else (" (", ")")
        return RowReading(f'={ref(a)}&"{left}"&{ref(b)}&"{right}"', f"{a.header} ({b.header})")
    sep, shown = None, []
    said = re.search(r"(?:比如|例如|如|e\.g\.|for example|like)\s*[:：]?\s*(\S.*?)\s*[。.]?$", request)
    if not qs and said and _example_sep(said.group(1), schema, a, b) is not None:
        qs = [(said.start(1), said.group(1))]  # an example without quotes: "如 螺纹钢 HRB400 Φ16"
        shown = [v for v, _, _ in numbers(said.group(1))]  # its numbers are the values' own
    if len(qs) == 1 and re.fullmatch(r"\s*[^\w\s]{1,3}\s*", qs[0][1]):  # "separated by ' - '": the separator itself
        sep = qs[0][1]
    elif len(qs) == 1 and re.fullmatch(r"\s*[a-z]{1,4}\s*", qs[0][1]) and has(text, lex["between_said"]):
        sep = qs[0][1]  # "with ' to ' between them": a short word as the separator
    elif len(qs) == 1:  # an example: "Alice Chen - Laptop"
        ex = qs[0][1]
        va = next((v for v in _texts(schema, a) if ex.startswith(v)), None)
        vb = next((v for v in _texts(schema, b) if ex.endswith(v)), None)
        if va is None or vb is None or len(va) + len(vb) > len(ex):
            return None
        sep = ex[len(va):len(ex) - len(vb)]
    elif not qs and (m := re.search(lex["separator_said"], text)):
        sep = m.group("sep") or m.group("sep2")  # "中间用-隔开", "separated by a /"
    elif not qs and (m := re.search(lex["separator_added"], text)):
        sep = m.group("sep") or m.group("sep2")  # "中间加-", "with a / in between"
    elif not qs:
        for word, s in lex["separators"].items():
            if word in text:
                sep = s
                break
        if sep is None:  # Chinese joins names with nothing between (班级姓名), and with a space where
            # the parts would run together (螺纹钢 + HRB400 Φ16); English says what it wants
            if re.search(r"直接|no space|without a space", text):
                sep = ""
            elif zh:
                sep = " " if _blurred(schema, a, b) else ""
    if sep is None:
        return None
    mid = f'&"{sep}"&' if sep else "&"
    return RowReading(f"={ref(a)}{mid}{ref(b)}", f"{a.header}{sep}{b.header}", shown)


_ENDS = re.compile(r"=(?:(?:UPPER|LOWER|PROPER)\()?(LEFT|RIGHT)\(([A-Z]{1,3})\{r\},(\d+)\)\)?")


def _shown_elsewise(text: str, schema: SheetSchema, c: Column, fn: str, n: int) -> bool:
    """Whether an example of ``text`` ("比如京A", "e.g. XY", "（京A这种）") shows a piece of ``n``
    characters that is no row's first (last) ``n``: the request wants something else."""
    parts = {(v[:n] if fn == "LEFT" else v[-n:]).lower() for v in _texts(schema, c) if len(v) > n}
    words = lexicon("text")["shown_words"]
    shown = re.findall(r"(?:比如|例如|e\.g\.|such as|\blike)\s*[:：]?\s*([^,，;；。)）]+)", text)
    shown += re.findall(r"[(（][^)）]*[)）]", text)
    counts = lexicon("text")["left"] + lexicon("text")["right"]
    for said in shown:
        if any(re.search(p, said) for p in counts):
            continue  # "(last four)": the count itself, not an example
        said = said.strip("()（）")
        pieces = re.split(r"[/／、,，;；\s]+|(?<![a-z])or(?![a-z])|或", re.sub(rf"(?:{words})(?![a-z])", " ", said))
        if any(len(p) == n and p not in parts for p in pieces if p):
            return True
    return False


def shown_parts(text: str, schema: SheetSchema, template: str) -> list[tuple[int, int]]:
    """The words of ``text`` that show or give what the formula makes: the brackets of ``text`` that show results of ``template`` (LEFT / RIGHT n of a column):
    "车牌前两位（沪A这种）", "单据号前两位（RK/CK）".  Each piece the bracket lists, its example
    words aside (``lexicon/text.json`` shown_words), must be that part of some row's value; a
    bracket with any other piece is no example and stays for the residue check to refuse.  For a
    surname with a title, the words that gave the title (``rowtitles.said_spans``)."""
    m = _ENDS.fullmatch(template)
    if m is None:
        return rowtitles.said_spans(text, template)  # "姓+经理": the words that gave the title
    fn, letter, n = m.group(1), m.group(2), int(m.group(3))
    col = next((c for c in schema.columns if c.letter == letter), None)
    if col is None:
        return []
    parts = {(v[:n] if fn == "LEFT" else v[-n:]).lower() for v in _texts(schema, col) if len(v) > n}
    words = lexicon("text")["shown_words"]
    spans = []
    for b in re.finditer(r"[(（]([^)）]*)[)）]", text):
        inner = re.sub(rf"(?:{words})(?![a-z])", " ", b.group(1))
        pieces = [p for p in re.split(r"[/／、,，;；\s]+|(?<![a-z])or(?![a-z])|或", inner) if p]
        if pieces and all(p in parts for p in pieces):
            spans.append(b.span())
    return spans
