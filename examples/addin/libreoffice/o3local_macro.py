"""LibreOffice Python macros that call the o3-local hook in-process.

Install: copy this file to your LibreOffice profile's ``Scripts/python/``
folder (``~/.config/libreoffice/4/user/Scripts/python/``).  LibreOffice's
Python must be able to import ``o3local``: on Debian it is the system Python,
so ``pip install o3-local`` for it, or point ``O3_LO_SYSPATH`` at the
site-packages of a same-version virtual environment that has it.

- ``fill_formula``: reads a request (e.g. "sum of revenue") from a Calc cell,
  asks ``hook.formula`` for a checked formula against the sheet, writes it
  into the target cell and saves.
- ``summarize_document``: summarizes a Writer document with
  ``hook.summarize`` and appends the summary as a last paragraph, then saves.

Both return the hook's JSON envelope as a string, so a caller (a toolbar
button, Basic, or a UNO client) sees errors as ``{code, message, where}``.
"""

from __future__ import annotations

import json
import os
import site
import sys

import uno
from com.sun.star.beans import PropertyValue


def _hook():
    for path in filter(None, os.environ.get("O3_LO_SYSPATH", "").split(os.pathsep)):
        if path not in sys.path:
            site.addsitedir(path)  # processes .pth files (editable installs need them)
    from o3local import hook

    return hook


def _props(**values):
    out = []
    for name, value in values.items():
        p = PropertyValue()
        p.Name, p.Value = name, value
        out.append(p)
    return tuple(out)


def _open(path):
    desktop = XSCRIPTCONTEXT.getDesktop()  # noqa: F821 - injected by the script provider
    url = uno.systemPathToFileUrl(os.path.abspath(path))
    return desktop.loadComponentFromURL(url, "_blank", 0, _props(Hidden=True))


def _save_and_close(doc):
    doc.store()
    doc.close(True)


def fill_formula(path, request_cell="A1", target_cell="D2", sheet_name=None):
    """Write a formula for the request found in ``request_cell`` into ``target_cell``."""
    hook = _hook()
    doc = _open(path)
    try:
        sheets = doc.getSheets()
        sheet = sheets.getByName(sheet_name) if sheet_name else sheets.getByIndex(0)
        request = sheet.getCellRangeByName(request_cell).getString()
        answer = hook.formula(request, sheet=path, target_cell=target_cell)
        if answer["ok"]:
            sheet.getCellRangeByName(target_cell).setFormula(answer["result"]["formula"])
            _save_and_close(doc)
        else:
            doc.close(True)
    except Exception as err:  # the macro's caller gets a value, not a LibreOffice dialog
        doc.close(True)
        answer = {"ok": False, "error": {"code": "internal", "message": str(err), "where": {}}}
    return json.dumps(answer, ensure_ascii=False)


def summarize_document(path, max_chars=300):
    """Append a summary of the Writer document at ``path`` as its last paragraph."""
    from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK

    hook = _hook()
    doc = _open(path)
    try:
        text = doc.getText()
        answer = hook.summarize(text.getString(), max_chars=int(max_chars))
        if answer["ok"]:
            end = text.getEnd()
            text.insertControlCharacter(end, PARAGRAPH_BREAK, False)
            text.insertString(text.getEnd(), answer["result"]["text"], False)
            _save_and_close(doc)
        else:
            doc.close(True)
    except Exception as err:
        doc.close(True)
        answer = {"ok": False, "error": {"code": "internal", "message": str(err), "where": {}}}
    return json.dumps(answer, ensure_ascii=False)


g_exportedScripts = (fill_formula, summarize_document)
