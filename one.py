import sys, os, json, gzip, glob
sys.path.insert(0, "bench")
os.environ.setdefault("O3_TODAY", "2026-12-06")
import formula_dev2 as d2
from pathlib import Path
from o3local.tasks.formula import formula  # noqa
from o3local.tasks.formula.schema import read_sheet
iid = sys.argv[1]
for folder in sorted(glob.glob("bench/data/formula-dev*")):
    f = Path(folder)
    for part in ("tune", "blind"):
        try: items = d2.load(part, f)
        except Exception: continue
        for it in items:
            if it["id"] == iid:
                req = sys.argv[2] if len(sys.argv) > 2 else it["request"]
                sch = read_sheet(d2.sheet_path(it, f), it.get("sheet_name"))
                print(req, "| gold", it["gold_formula"], "| target", it.get("target"))
                try:
                    a = formula(req, sheet=sch, target_cell=it.get("target"), method="rules")
                    print("->", a.formula); print(getattr(a, "explanation", ""))
                except Exception as e:
                    print("ERR", type(e).__name__, e)
                sys.exit()
print("not found")
