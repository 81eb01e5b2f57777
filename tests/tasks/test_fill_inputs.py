"""Everyday inputs for summaries and --from fills (issue 20 item 3).

A GBK/GB18030 text file (the default of Chinese Windows Notepad before 2019)
is read; speaker notes of a .pptx are read; Chinese slide bullets are joined
with punctuation; a model is never given a language it does not write.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from o3local.errors import DataError, TaskError
from o3local.tasks.summarize import summarize
from o3local.tasks.summarize.readers import read_document

ZH = ("深圳云帆医疗科技有限公司成立于2021年3月，专注于基层医院的远程影像诊断。"
      "2025年公司营业收入为3,860万元，同比增长42%。")


def test_gbk_and_gb18030_text_files_are_read(tmp_path):
    for codec in ("gbk", "gb18030"):
        path = tmp_path / f"{codec}.txt"
        path.write_bytes(ZH.encode(codec))
        assert read_document(path) == ZH
    # a GB18030-only character (outside GBK) in an otherwise Chinese text
    text = ZH + "㐀字"
    (tmp_path / "ext.txt").write_bytes(text.encode("gb18030"))
    assert read_document(tmp_path / "ext.txt") == text


def test_text_that_is_neither_utf8_nor_chinese_is_a_clear_error(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes("Ein schöner Tag für Müller und Söhne.\nÜberall Öl.".encode("latin-1"))
    with pytest.raises(DataError) as info:
        read_document(path)
    err = info.value
    assert err.code == "data.encoding" and "neither UTF-8 nor GB18030" in err.message
    assert (err.where.line, err.where.column) == (1, 8)  # the "ö" of "schöner"
    # Shift-JIS Japanese sometimes decodes as GB18030, into rare characters: refused
    (tmp_path / "sjis.txt").write_bytes("これは日本語のテキストです。".encode("shift_jis"))
    with pytest.raises(DataError, match="neither UTF-8"):
        read_document(tmp_path / "sjis.txt")


def _deck(path: Path, slides: list[tuple[str, list[str], str]]) -> Path:
    import pptx

    p = pptx.Presentation()
    for title, bullets, notes in slides:
        slide = p.slides.add_slide(p.slide_layouts[1])
        slide.shapes.title.text = title
        frame = slide.placeholders[1].text_frame
        frame.text = bullets[0]
        for b in bullets[1:]:
            frame.add_paragraph().text = b
        if notes:
            slide.notes_slide.notes_text_frame.text = notes
    p.save(path)
    return path


def test_pptx_speaker_notes_are_read_after_their_slide(tmp_path):
    deck = _deck(tmp_path / "d.pptx", [
        ("Traction", ["18,000 users"], "Say that retention was 94 percent in March."),
        ("Ask", ["Raising 4.5 million"], ""),
    ])
    text = read_document(deck)
    assert "Say that retention was 94 percent in March." in text
    assert text.index("18,000 users") < text.index("retention") < text.index("Ask")
    assert "\n\n2\n\n" not in text and not text.rstrip().endswith("1")  # no slide numbers


def test_chinese_slide_bullets_are_joined_with_punctuation(tmp_path):
    deck = _deck(tmp_path / "zh.pptx", [
        ("经营情况", ["营业收入同比增长18%", "推出离线记账助手新品", "新增客户三百家"], ""),
    ])
    s = summarize(read_document(deck), max_chars=200, method="extractive")
    assert "增长18%。" in s.text and "新品。" in s.text
    assert "18%推出" not in s.text
    for a, b in zip(s.sentences, s.sentences[1:], strict=False):
        assert a + b not in s.text  # never glued


def _smol_only_store(tmp_path: Path) -> Path | None:
    src = Path(os.environ.get("O3_TEST_MODELS_DIR", "/nonexistent"))
    manifest = src / "manifests" / "smollm2-135m-instruct.json"
    if not manifest.exists():
        return None
    import json

    store = tmp_path / "store"
    (store / "manifests").mkdir(parents=True)
    (store / "blobs").mkdir()
    for ref in json.loads(manifest.read_text())["files"].values():
        os.link(src / "blobs" / ref["blob"], store / "blobs" / ref["blob"])
    shutil.copyfile(manifest, store / "manifests" / manifest.name)
    return store


def test_smollm2_is_never_given_chinese(tmp_path, monkeypatch):
    with pytest.raises(TaskError) as info:
        summarize(ZH, method="abstractive", model="smollm2-135m-instruct")
    assert info.value.code == "task.model_language"
    store = _smol_only_store(tmp_path)
    if store is None:
        pytest.skip("SmolLM2 is not built in $O3_TEST_MODELS_DIR")
    monkeypatch.setenv("O3_MODELS_DIR", str(store))
    s = summarize(ZH, method="abstractive", max_chars=60)
    assert s.method == "extractive" and any("no installed model writes Chinese" in n
                                            for n in s.notes)
    assert "\ufffd" not in s.text and s.text.startswith(ZH[:20])
