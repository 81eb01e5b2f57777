"""Run one of the o3-local macros in a headless LibreOffice, from a UNO client.

Uses LibreOffice's own Python (``/usr/bin/python3`` with ``python3-uno`` on
Debian).  Starts ``soffice --headless`` with a private profile that has the
macro installed, calls the macro through LibreOffice's script provider (the
same path a toolbar button takes) and prints the macro's JSON answer.

    /usr/bin/python3 run_macro.py fill_formula /path/sales.xlsx A1 D2
    /usr/bin/python3 run_macro.py summarize_document /path/report.docx 300
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import uno
from com.sun.star.connection import NoConnectException

HERE = Path(__file__).resolve().parent


def office_env() -> dict[str, str]:
    """The environment for soffice, without an activated virtual environment.

    LibreOffice's embedded Python takes an activated venv (VIRTUAL_ENV, its
    bin/ first on PATH) for its own prefix and then fails deep in the UNO
    bridge (std::bad_alloc); the macro reaches o3local through
    O3_LO_SYSPATH instead.
    """
    env = dict(os.environ)
    venv = env.pop("VIRTUAL_ENV", None)
    env.pop("PYTHONHOME", None)
    if venv:
        keep = [p for p in env.get("PATH", "").split(os.pathsep) if not p.startswith(venv)]
        env["PATH"] = os.pathsep.join(keep)
    return env


def main() -> int:
    func, args = sys.argv[1], sys.argv[2:]
    profile = Path(tempfile.mkdtemp(prefix="o3-lo-profile-"))
    scripts = profile / "user" / "Scripts" / "python"
    scripts.mkdir(parents=True)
    shutil.copy(HERE / "o3local_macro.py", scripts / "o3local_macro.py")
    pipe = f"o3lo{os.getpid()}"
    soffice = subprocess.Popen(["soffice", "--headless", "--invisible", "--norestore",
                                "--nologo", "--nodefault",
                                f"-env:UserInstallation={profile.as_uri()}",
                                f"--accept=pipe,name={pipe};urp;StarOffice.ComponentContext"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=office_env())
    try:
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext(
            "com.sun.star.bridge.UnoUrlResolver", local)
        end = time.monotonic() + 90
        while True:
            try:
                ctx = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
                break
            except NoConnectException:
                if time.monotonic() > end or soffice.poll() is not None:
                    print('{"ok": false, "error": {"code": "office", "message": '
                          '"LibreOffice did not start", "where": {}}}')
                    return 1
                time.sleep(0.3)
        factory = ctx.ServiceManager.createInstanceWithContext(
            "com.sun.star.script.provider.MasterScriptProviderFactory", ctx)
        provider = factory.createScriptProvider("")
        script = provider.getScript(
            f"vnd.sun.star.script:o3local_macro.py${func}?language=Python&location=user")
        result, _, _ = script.invoke(tuple(args), (), ())
        print(result)
        try:
            ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop",
                                                         ctx).terminate()
        except Exception:  # the bridge drops as soffice exits
            pass
        return 0
    finally:
        try:
            soffice.wait(30)
        except subprocess.TimeoutExpired:
            soffice.kill()
            soffice.wait(5)
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
