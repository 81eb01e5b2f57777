import importlib.util, json, sys, os, re, time
sys.path.insert(0, ".")
import tests.tasks.test_formula_corpus as m

def _main():
    expr = sys.argv[1]
    items = m._items()
    sel = [it for it in items if eval(expr, {"re": re}, {"r": it["request"], "i": it["id"], "it": it})]
    m._items = lambda: sel
    os.environ["O3_TODAY"] = m.ASKED_ON
    t = time.time()
    v = m._judged()
    known = m._known(); right = set(known["right"]); allowed = set(known["wrong_allowed"])
    byid = {it["id"]: it for it in sel}
    from collections import Counter
    for i, x in sorted(v.items()):
        if i in right and x[0] != "right": print("LOST", i, repr(byid[i]["request"]), x)
        if x[0] == "wrong": print("WRONG" + (" (allowed)" if i in allowed else ""), i, repr(byid[i]["request"]), "->", x[1], "| gold", byid[i]["gold_formula"])
        if x[0] == "bug": print("BUG", i, x[1])
        if x[0] == "right" and i not in right: print("NEWRIGHT", i, repr(byid[i]["request"]), x[1])
    print(len(sel), "items", Counter(x[0] for x in v.values()), f"{time.time()-t:.0f}s")
    if os.environ.get("DUMP"):
        json.dump(v, open(os.environ["DUMP"], "w"), ensure_ascii=False)


if __name__ == "__main__":
    _main()
