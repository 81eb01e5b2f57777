"""Speed and coverage of summaries of a long, sectioned Word report.

Writes a fictitious 30-page report (.docx, 15 headed sections, each about its
own subject, generated from a fixed seed), then times reading it and the
extractive summary, end to end as ``o3-local summarize report.docx`` does,
and prints which sections the summary's sentences come from.  Goal (issue
20): at most 10 s on 2 cores, sentences from late sections.  The baseline in
the same run is the whole-document ranking (position prior across the
document), which is what long reports got before section-aware selection.

    python bench/summarize_long.py [--pages 30] [--max-chars 600] [--keep report.docx]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

from o3local.tasks.summarize import extractive, summarize
from o3local.tasks.summarize.readers import read_document
from o3local.tasks.summarize.segment import split_sentences

SUBJECTS = [
    ("Revenue", "revenue", ["subscriptions", "licences", "renewals", "invoices"]),
    ("Staffing", "headcount", ["engineers", "recruiters", "contractors", "interns"]),
    ("Manufacturing", "output", ["presses", "moulds", "shifts", "furnaces"]),
    ("Logistics", "freight", ["pallets", "containers", "warehouses", "lorries"]),
    ("Procurement", "purchasing", ["suppliers", "tenders", "contracts", "resin"]),
    ("Quality", "defects", ["audits", "inspections", "returns", "recalls"]),
    ("Research", "prototypes", ["patents", "laboratories", "trials", "sensors"]),
    ("Marketing", "campaigns", ["adverts", "trade fairs", "brochures", "webinars"]),
    ("Customer service", "tickets", ["calls", "complaints", "chat sessions", "refunds"]),
    ("Information technology", "servers", ["backups", "outages", "laptops", "licences"]),
    ("Facilities", "buildings", ["leases", "heating", "canteens", "car parks"]),
    ("Safety", "incidents", ["helmets", "drills", "near misses", "first aiders"]),
    ("Sustainability", "emissions", ["solar panels", "heat pumps", "recycling", "water"]),
    ("Legal", "disputes", ["claims", "settlements", "trademarks", "filings"]),
    ("Outlook", "forecast", ["targets", "budgets", "risks", "scenarios"]),
]
VERBS = ["rose", "fell", "held steady", "grew", "slipped", "recovered"]
PLACES = ["Brno", "Linz", "Gdansk", "Tartu", "Porto", "Aarhus", "Ghent", "Cork"]


def report_paragraphs(pages: int, seed: int = 7) -> list[tuple[str, bool]]:
    """(text, is_heading) of a fictitious report of about ``pages`` pages (~3,000 characters a page)."""
    rng = random.Random(seed)
    out: list[tuple[str, bool]] = [("Halvard Components annual operations review", True)]
    per_section = pages * 3000 // len(SUBJECTS)
    for title, noun, things in SUBJECTS:
        out.append((title, True))
        chars = 0
        while chars < per_section:
            sents = []
            for _ in range(rng.randint(3, 6)):
                thing = rng.choice(things)
                sents.append(
                    f"In {rng.choice(PLACES)} the {noun} of the {thing} team {rng.choice(VERBS)} "
                    f"by {rng.randint(2, 40)} per cent to {rng.randint(100, 9000):,} units, "
                    f"as {rng.choice(things)} and {rng.choice(things)} were reviewed in "
                    f"quarter {rng.randint(1, 4)}.")
            para = " ".join(sents)
            out.append((para, False))
            chars += len(para)
    return out


def write_docx(path: Path, pages: int) -> None:
    import docx

    doc = docx.Document()
    for text, heading in report_paragraphs(pages):
        if heading:
            doc.add_heading(text, level=1)
        else:
            doc.add_paragraph(text)
    doc.save(str(path))


def section_of(sentence: str) -> str:
    for title, noun, _ in SUBJECTS:
        if f" the {noun} of " in sentence:
            return title
    return "?"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=30)
    ap.add_argument("--max-chars", type=int, default=600)
    ap.add_argument("--keep", default=None, help="also save the report here")
    ap.add_argument("--method", default="extractive", choices=("extractive", "abstractive"),
                    help="abstractive: the local model (goal <= 60 s on 2 cores)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(args.keep) if args.keep else Path(tmp) / "report.docx"
        write_docx(path, args.pages)
        start = time.perf_counter()
        text = read_document(path)
        read_s = time.perf_counter() - start
        result = summarize(text, max_chars=args.max_chars, method=args.method,
                           progress=lambda line: print(f"  progress: {line}", file=sys.stderr))
        total_s = time.perf_counter() - start
        lang = result.lang
        n = len(split_sentences(text, lang))
        base_start = time.perf_counter()
        ranked = extractive.rank(split_sentences(text, lang), lang, position_weight=0.8)
        base = extractive.select(ranked, lang, args.max_chars)
        base_s = time.perf_counter() - base_start
    print(f"report: {args.pages} pages, {path.stat().st_size if args.keep else 0:,} bytes kept, "
          f"{len(text):,} characters, {n:,} sentences, {len(SUBJECTS)} sections")
    goal = 10 if args.method == "extractive" else 60
    print(f"read .docx: {read_s:.2f} s; read + {args.method} summary: {total_s:.2f} s "
          f"(goal <= {goal} s; written by {result.method})")
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"baseline whole-document ranking: {base_s:.2f} s; peak memory of this process "
          f"{peak:,.0f} MiB")
    print()
    print("| summary | sentences | sections covered | last section used |")
    print("|---|---|---|---|")
    for name, sents in ((f"section-aware ({result.method})", result.sentences),
                        ("whole-document", base)):
        secs = [section_of(s) for s in sents]
        order = [t for t, _, _ in SUBJECTS]
        last = max((order.index(s) + 1 for s in secs if s in order), default=0)
        print(f"| {name} | {len(sents)} | {len(set(secs))} of {len(SUBJECTS)} | {last} |")
    print()
    print(result.text)
    if args.method == "abstractive":
        print("(sections covered is read from the source's own wording; a model's rewording "
              "is not traced back)")
    for note in result.notes:
        print(f"note: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
