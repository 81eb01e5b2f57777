"""{% macro %} and {% include %} (issue 18 item 1) through the public API: a real
package folder rendered with ``o3local.render`` and checked with ``o3local.validate``.

The layout module parses and evaluates both; the host reads the included files
from the package (``o3local.template.partials``).  Each error is asserted with
its code, its words and its file:line:column.
"""

from __future__ import annotations

import json
import os
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest

import o3local
from o3local.errors import O3Error
from o3local.template.partials import MAX_PARTIAL_BYTES, collect_partials, include_names

MANIFEST: dict[str, Any] = {
    "id": "macro-doc", "name": "Macros", "version": "1.0.0", "kind": "presentation",
    "entry": "deck.o3x", "compatible_versions": [">=11"],
    "required_permissions": ["write:presentation"],
}

EMU_PER_IN = 914400

ROW = """{% macro row(label, value, y, unit="pcs") %}
<text x="1in" y="{{ y }}" w="4in" h="0.5in">{{ label }}: {{ value }} {{ unit }}</text>
{% endmacro %}
{% macro money(v) %}<b>{{ v | currency("USD") }}</b>{% endmacro %}
"""

DECK = """{% include "partials/row.o3x" %}
<document kind="presentation" width="10in" height="5.625in"><page>
{{ row("Quantity", qty, "1in") }}
{{ row(label="Price", value=price, y="2in", unit="USD") }}
<text x="1in" y="3in" w="6in" h="0.5in">Total {{ money(qty * price) }} due</text>
{% include "partials/footer.o3x" %}
</page></document>
"""

FOOTER = '<text x="1in" y="5in" w="8in" h="0.4in">{{ company }} · page {{ page.number }}</text>\n'

DATA = {"qty": 3, "price": "19.99", "company": "ACME"}


def package(tmp: Path, deck: str = DECK, files: dict[str, str] | None = None) -> Path:
    root = tmp / "pkg"
    root.mkdir(exist_ok=True)
    (root / "manifest.json").write_text(json.dumps(MANIFEST), encoding="utf-8")
    (root / "deck.o3x").write_text(deck, encoding="utf-8")
    default = {"partials/row.o3x": ROW, "partials/footer.o3x": FOOTER}
    for name, content in (default if files is None else files).items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    return root


def texts(result: Any) -> list[tuple[str, int, int]]:
    """(text, x, y) of every text item of the first page."""
    out = []
    for item in result.display_list["pages"][0]["items"]:
        if item["type"] == "text":
            text = "".join(r["text"] for p in item["paragraphs"] for r in p["runs"])
            out.append((text, item["x"], item["y"]))
    return out


def render(pkg: Path, data: Any = None) -> Any:
    return o3local.render(str(pkg), data=DATA if data is None else data, fmt="svg")


def render_error(pkg: Path, data: Any = None) -> O3Error:
    with pytest.raises(O3Error) as info:
        render(pkg, data)
    return info.value


def test_macros_and_includes_put_their_text_where_the_call_is(tmp_path):
    got = texts(render(package(tmp_path)))
    assert got == [
        ("Quantity: 3 pcs", EMU_PER_IN, EMU_PER_IN),
        ("Price: 19.99 USD", EMU_PER_IN, 2 * EMU_PER_IN),
        ("Total $59.97 due", EMU_PER_IN, 3 * EMU_PER_IN),
        ("ACME · page 1", EMU_PER_IN, 5 * EMU_PER_IN),
    ]


def test_a_macro_call_inside_text_keeps_the_styling_of_its_body(tmp_path):
    result = render(package(tmp_path))
    total = next(it for it in result.display_list["pages"][0]["items"]
                 if it["type"] == "text" and it["y"] == 3 * EMU_PER_IN)
    runs = [(r["text"], r["font"]) for p in total["paragraphs"] for r in p["runs"]]
    assert runs[1][0] == "$59.97" and runs[1][1] != runs[0][1]  # the bold font for the macro's <b>


def test_the_macro_body_sees_its_parameters_not_the_callers_variables(tmp_path):
    deck = """{% macro show(a) %}<text x="0" y="0" w="5in" h="1in">{{ a }}/{{ b | default("none") }}</text>{% endmacro %}
<document><page>{% set b = "caller" %}{% for a in xs %}{{ show("arg") }}{% endfor %}</page></document>"""
    got = texts(render(package(tmp_path, deck, files={}), {"xs": [1]}))
    assert got[0][0] == "arg/none"


def test_macros_recurse_within_the_cap(tmp_path):
    deck = """{% macro count(n) %}{{ n }}{% if n > 1 %},{{ count(n - 1) }}{% endif %}{% endmacro %}
<document><page><text x="0" y="0" w="9in" h="1in">{{ count(5) }}</text></page></document>"""
    assert texts(render(package(tmp_path, deck, files={}), {}))[0][0] == "5,4,3,2,1"


def test_an_included_file_can_be_included_twice_and_from_a_macro(tmp_path):
    deck = """{% macro block() %}{% include "p/one.o3x" %}{% endmacro %}
<document><page><text x="0" y="0" w="9in" h="1in">{% include "p/one.o3x" %}{{ block() }}</text></page></document>"""
    got = texts(render(package(tmp_path, deck, files={"p/one.o3x": "[{{ company }}]"})))
    assert got[0][0] == "[ACME][ACME]"


def test_a_zipped_package_includes_its_own_files(tmp_path):
    folder = package(tmp_path)
    archive = tmp_path / "deck.o3t"
    with zipfile.ZipFile(archive, "w") as z:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                z.write(path, path.relative_to(folder).as_posix())
    assert [t for t, _, _ in texts(o3local.render(str(archive), data=DATA, fmt="svg"))][-1] == "ACME · page 1"
    # an error inside an included file names the entry inside the archive
    folder_deck = (folder / "deck.o3x").read_text(encoding="utf-8")
    broken = tmp_path / "broken.o3t"
    with zipfile.ZipFile(broken, "w") as z:
        for name in ("manifest.json", "partials/row.o3x", "partials/footer.o3x"):
            z.write(folder / name, name)
        z.writestr("deck.o3x", folder_deck.replace("partials/footer.o3x", "partials/bad.o3x"))
        z.writestr("partials/bad.o3x", "\n<text>{{ nope }}</text>")
    with pytest.raises(O3Error) as info:
        o3local.render(str(broken), data=DATA, fmt="svg")
    assert str(info.value.where) == f"{broken}!/partials/bad.o3x:2:10"


def test_a_layout_diagnostic_of_an_included_item_names_its_file(tmp_path):
    long = '\n<text x="0" y="0" w="0.5in" h="0.2in" font-size="10pt">' + "overflowing words " * 30 + "</text>"
    pkg = package(tmp_path, '<document><page><rect x="0" y="0" w="1in" h="1in"/>{% include "p/long.o3x" %}'
                            "</page></document>", files={"p/long.o3x": long})
    result = render(pkg, {})
    (diag,) = [d for d in result.diagnostics if d["code"] == "text.overflow"]
    assert (diag["file"], diag["line"], diag["column"]) == (str(pkg / "p" / "long.o3x"), 2, 1)
    with pytest.raises(O3Error) as info:
        o3local.render(str(pkg), data={}, fmt="svg", strict=True)
    (problem,) = info.value.problems  # type: ignore[attr-defined]
    assert str(problem.where) == f"{pkg / 'p' / 'long.o3x'}:2:1"


# -- errors, each with its file:line:column ------------------------------------------------

def where(err: O3Error) -> str:
    return f"{Path(err.where.file).name}:{err.where.line}:{err.where.column}"


@pytest.mark.parametrize(("deck", "code", "words", "at"), [
    ('<document><page>{{ rwo("a", 1, "1in") }}</page></document>',
     "template.macro", ("no macro named 'rwo'", "did you mean 'row'"), "deck.o3x:1:20"),
    ('<document><page>\n  {{ row("a") }}</page></document>',
     "template.macro", ("macro 'row' needs argument 'value'", "label, value, y, unit"), "deck.o3x:2:6"),
    ('<document><page>{{ row("a", 1, "1in", "x", 5) }}</page></document>',
     "template.macro", ("takes 4 arguments",), "deck.o3x:1:44"),
    ('<document><page>{{ row("a", 1, y="1in", unti="x") }}</page></document>',
     "template.macro", ("no parameter 'unti'", "did you mean 'unit'"), "deck.o3x:1:41"),  # the keyword
    ('<document><page>{{ row("a", 1, "1in", label="b") }}</page></document>',
     "template.macro", ("argument 'label' of macro 'row' is given twice",), "deck.o3x:1:39"),
    ('<document><page><text x="{{ row(1, 2, 3) }}">a</text></page></document>',
     "template.syntax", ("macro call 'row(...)' where a value is needed",), "deck.o3x:1:29"),
    ('<document><page><text>{{ money(1) | upper }}</text></page></document>',
     "template.syntax", ("inside an expression",), "deck.o3x:1:26"),
    ('<document>{% macro late() %}{% endmacro %}<page></page></document>',
     "template.syntax", ("must be at the top level of a file",), "deck.o3x:1:11"),
    ('{% macro row(a) %}{% endmacro %}<document><page></page></document>',
     "template.macro", ("macro 'row' is already defined at line 1 of", "row.o3x"), "deck.o3x:1:1"),
    ('{% macro m(a=1, b) %}{% endmacro %}<document><page></page></document>',
     "template.syntax", ("parameter 'b' without a default follows one with a default",), "deck.o3x:1:17"),
    ('{% macro m(a) %}<document><page></page></document>',
     "template.syntax", ("{% macro m %} is not closed by {% endmacro %}",), "deck.o3x:1:1"),
])
def test_macro_errors_name_their_place(tmp_path, deck, code, words, at):
    err = render_error(package(tmp_path, '{% include "partials/row.o3x" %}' + deck
                               if deck.startswith("<") else '{% include "partials/row.o3x" %}' + deck))
    assert err.code == code, str(err)
    for w in words:
        assert w in err.message, err.message
    # the include tag is 32 characters long and sits on line 1 before the deck
    line, col = at.split(":")[1:]
    expected_col = int(col) + 32 if line == "1" else int(col)
    assert where(err) == f"deck.o3x:{line}:{expected_col}", str(err)


def test_an_error_inside_an_included_file_names_that_file(tmp_path):
    pkg = package(tmp_path, files={"partials/row.o3x": ROW,
                                   "partials/footer.o3x": "\n\n  <text>{{ compnay }}</text>"})
    err = render_error(pkg)
    assert err.code == "template.missing" and "did you mean 'company'" in err.message
    assert where(err) == "footer.o3x:3:12"
    assert err.where.file == str(pkg / "partials" / "footer.o3x")


def test_an_error_in_a_macro_body_names_the_body_and_the_call(tmp_path):
    deck = ('{% include "partials/row.o3x" %}<document><page>{{ row("a", 1, "1in") }}\n'
            '  {{ row("b", 2, "2in", unit=none) }}<text>{{ money("abc") }}</text></page></document>')
    err = render_error(package(tmp_path, deck))
    assert err.code == "template.type" and "filter 'currency'" in err.message
    assert "(in macro 'money' called at line 2, column 44)" in err.message
    assert where(err) == "row.o3x:4:31"  # where the failing filter is, in the included file


@pytest.mark.parametrize(("name", "words"), [
    ("../outside.o3x", "leads outside the package"),
    ("partials/../../outside.o3x", "leads outside the package"),
    ("/etc/passwd.o3x", "is an absolute path"),
    ("C:/x.o3x", "is an absolute path"),
    ("partials\\\\row.o3x", "has a backslash"),
    ("partials/row.txt", "is not a .o3x file"),
])
def test_an_include_that_leaves_the_package_is_refused(tmp_path, name, words):
    (tmp_path / "outside.o3x").write_text("<text>secret</text>", encoding="utf-8")
    err = render_error(package(tmp_path, f'<document><page>{{% include "{name}" %}}</page></document>'))
    assert err.code == "template.include" and words in err.message, str(err)
    assert where(err) == "deck.o3x:1:17"


def test_an_include_through_a_symlink_out_of_the_package_is_refused(tmp_path):
    secret = tmp_path / "secret.o3x"
    secret.write_text("<text>secret</text>", encoding="utf-8")
    pkg = package(tmp_path, '<document><page>{% include "p/link.o3x" %}</page></document>', files={})
    (pkg / "p").mkdir()
    os.symlink(secret, pkg / "p" / "link.o3x")
    # the package itself is refused: a link leading out is one of its problems
    with pytest.raises(O3Error) as info:
        render(pkg)
    assert "symlink leads outside the package" in str(info.value.problems)  # type: ignore[attr-defined]
    # and the partials reader never reads a name the package does not list
    assert collect_partials('{% include "p/link.o3x" %}', [], lambda n: b"never", str) == {}


def test_a_missing_include_is_named_with_a_hint(tmp_path):
    err = render_error(package(tmp_path, '<document><page>{% include "partials/footr.o3x" %}</page></document>'))
    assert err.code == "template.include"
    assert "include file 'partials/footr.o3x' is not in the package" in err.message
    assert "did you mean 'partials/footer.o3x'" in err.message
    assert where(err) == "deck.o3x:1:17"


def test_an_include_cycle_is_refused_with_its_chain(tmp_path):
    pkg = package(tmp_path, '<document><page>{% include "a.o3x" %}</page></document>',
                  files={"a.o3x": '{% include "b.o3x" %}', "b.o3x": '\n {% include "a.o3x" %}'})
    err = render_error(pkg)
    assert err.code == "template.include" and "include cycle: a.o3x -> b.o3x -> a.o3x" in err.message
    assert where(err) == "b.o3x:2:2"


def test_a_template_that_includes_itself_is_a_cycle(tmp_path):
    err = render_error(package(tmp_path, '<document><page>{% include "deck.o3x" %}</page></document>', files={}))
    assert err.code == "template.include" and "include cycle" in err.message


def test_deep_recursion_is_refused_quickly(tmp_path):
    forever = """{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}
<document><page><text x="0" y="0" w="1in" h="1in">{{ f(1) }}</text></page></document>"""
    t0 = time.perf_counter()
    err = render_error(package(tmp_path, forever, files={}), {})
    assert time.perf_counter() - t0 < 5
    assert err.code == "limit.depth" and "macro 'f' calls nested too deeply" in err.message
    assert where(err) == "deck.o3x:1:17"


def test_exponential_recursion_is_refused_by_the_call_cap(tmp_path):
    # depth 40 is within the depth cap, but 2^40 calls are not
    doubling = """{% macro f(n) %}{% if n > 0 %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}
<document><page><text x="0" y="0" w="1in" h="1in">{{ f(40) }}</text></page></document>"""
    t0 = time.perf_counter()
    err = render_error(package(tmp_path, doubling, files={}), {})
    assert time.perf_counter() - t0 < 20
    assert err.code == "limit.items" and "macro calls" in err.message


def test_includes_nested_too_deep_are_refused(tmp_path):
    files = {f"p{i}.o3x": f'{{% include "p{i + 1}.o3x" %}}' for i in range(20)}
    files["p20.o3x"] = "x"
    err = render_error(package(tmp_path, '<document><page>{% include "p0.o3x" %}</page></document>', files=files))
    assert err.code == "template.include" and "nested more than 16 files deep" in err.message


def test_an_included_file_over_the_size_cap_is_refused(tmp_path):
    big = "<!--" + "x" * MAX_PARTIAL_BYTES + "-->"
    err = render_error(package(tmp_path, '<document><page>{% include "big.o3x" %}</page></document>',
                               files={"big.o3x": big}))
    assert err.code == "template.include" and "the cap is" in err.message


def test_includes_that_multiply_are_capped_by_count_and_expanded_size(tmp_path):
    # 1001 includes of a one-line file: each is cheap, together over the cap
    many = "<document><page>" + '{% include "one.o3x" %}' * 1001 + "</page></document>"
    err = render_error(package(tmp_path, many, files={"one.o3x": "<!-- x -->"}))
    assert err.code == "template.include" and "more than 1000 includes in all" in err.message
    # a file of 1 MiB included 65 times by a file that is included once: 65 MiB expanded
    big = "<!--" + "x" * (MAX_PARTIAL_BYTES - 8) + "-->"
    fan = '{% include "big.o3x" %}' * 65
    (tmp_path / "b").mkdir()
    err = render_error(package(tmp_path / "b", '<document><page>{% include "fan.o3x" %}</page></document>',
                               files={"big.o3x": big, "fan.o3x": fan}))
    assert err.code == "template.include" and "over 64 MiB" in err.message
    assert where(err) == "fan.o3x:1:1450"  # the 64th include (23 characters each): 64 MiB plus fan.o3x itself


def test_include_names_follow_the_tag_rule():
    assert include_names('{% include "a.o3x" %}{%include \'b.o3x\'%}{% includes "c" %}{{ "{% include" }}') == \
        ["a.o3x", "b.o3x"]


# -- validate reports them all at once ---------------------------------------------------

def test_validate_reports_every_macro_and_include_problem_with_its_place(tmp_path):
    deck = """{% include "partials/row.o3x" %}
<document><page>
{{ rwo("a", 1, "1in") }}
{{ row("a") }}
{{ row("a", 1, "1in", unti="x") }}
{% include "partials/missing.o3x" %}
{% include "../up.o3x" %}
{% include "loop/a.o3x" %}
</page></document>
"""
    pkg = package(tmp_path, deck, files={"partials/row.o3x": ROW, "partials/footer.o3x": FOOTER,
                                         "loop/a.o3x": '{% include "loop/b.o3x" %}',
                                         "loop/b.o3x": '{% include "loop/a.o3x" %}'})
    report = o3local.validate(str(pkg))
    found = {(p.code, f"{Path(p.where.file).name}:{p.where.line}:{p.where.column}", p.message, p.hint)
             for p in report.problems}
    assert ("template.macro", "deck.o3x:3:4", "no macro named 'rwo'", "did you mean 'row'?") in found
    assert ("template.macro", "deck.o3x:4:4", "macro 'row' needs argument 'value' (parameters: label, value, y, unit)",
            None) in found
    assert ("template.macro", "deck.o3x:5:23", "macro 'row' has no parameter 'unti' (parameters: label, value, y, unit)",
            "did you mean 'unit'?") in found
    assert ("template.include", "deck.o3x:6:1", "include file 'partials/missing.o3x' is not in the package",
            None) in found, found
    assert any(f[0] == "template.include" and f[1] == "deck.o3x:7:1" and "outside the package" in f[2] for f in found)
    assert ("template.include", "b.o3x:1:1", "include cycle: loop/a.o3x -> loop/b.o3x -> loop/a.o3x", None) in found
    assert not report.ok
