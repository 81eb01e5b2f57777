"""Our PNG of a sample slide beside LibreOffice's rendering of our PPTX of it.

Renders the sample, exports slide N as PNG (ours, exact) and the deck as
PPTX, has LibreOffice (headless, private profile, the pinned fonts in a
private font folder) convert the PPTX to PDF, rasterizes that slide with
pdftoppm at the same DPI, and writes both side by side with captions.
Needs ``soffice`` and ``pdftoppm`` (``.ci/setup.d/70-office.sh`` installs them).

Usage: python bench/side_by_side.py [--sample funding-pitch] [--page 1] [--dpi 96]
       [-o docs/img/funding-pitch-side-by-side.png]
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def office_png(pptx: bytes, page: int, dpi: int, work: Path) -> bytes:
    from o3local.layout import assets
    from o3local.resources import asset

    soffice, pdftoppm = shutil.which("soffice"), shutil.which("pdftoppm")
    if soffice is None or pdftoppm is None:
        raise SystemExit("needs LibreOffice (soffice) and poppler (pdftoppm): "
                         "see .ci/setup.d/70-office.sh")
    home = work / "home"
    fonts = home / ".local" / "share" / "fonts"
    fonts.mkdir(parents=True)
    for name, _weight in assets.FONT_FILES:
        shutil.copy(asset("fonts", name), fonts / name)
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / ".local" / "share"),
               XDG_CACHE_HOME=str(home / ".cache"), XDG_CONFIG_HOME=str(home / ".config"))
    (work / "deck.pptx").write_bytes(pptx)
    subprocess.run([soffice, f"-env:UserInstallation={(home / 'lo').as_uri()}", "--headless",
                    "--norestore", "--convert-to", "pdf", "--outdir", str(work),
                    str(work / "deck.pptx")], env=env, check=True, capture_output=True,
                   timeout=300, stdin=subprocess.DEVNULL)
    subprocess.run([pdftoppm, "-r", str(dpi), "-png", "-f", str(page), "-l", str(page),
                    str(work / "deck.pdf"), str(work / "office")], check=True, timeout=120)
    return next(work.glob("office*.png")).read_bytes()


def compose(left: bytes, right: bytes, captions: tuple[str, str]) -> bytes:
    from PIL import Image, ImageDraw, ImageFont

    a = Image.open(io.BytesIO(left)).convert("RGB")
    b = Image.open(io.BytesIO(right)).convert("RGB")
    gap, top = 16, 34
    canvas = Image.new("RGB", (a.width + b.width + 3 * gap, max(a.height, b.height) + top + gap),
                       "#d9d9d9")
    canvas.paste(a, (gap, top))
    canvas.paste(b, (2 * gap + a.width, top))
    draw = ImageDraw.Draw(canvas)
    font = ImageFont.load_default(size=16)
    draw.text((gap, 9), captions[0], fill="#1f1f1f", font=font)
    draw.text((2 * gap + a.width, 9), captions[1], fill="#1f1f1f", font=font)
    out = io.BytesIO()
    canvas.save(out, format="PNG", optimize=True)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", default="funding-pitch")
    parser.add_argument("--page", type=int, default=1)
    parser.add_argument("--dpi", type=int, default=96)
    parser.add_argument("-o", "--output", type=Path,
                        default=ROOT / "docs" / "img" / "funding-pitch-side-by-side.png")
    args = parser.parse_args()

    import o3local
    from o3local.export import export
    from o3local.fsutil import atomic_write_bytes
    from o3local.render import resolve_template
    from o3local.template.package import open_template

    dl = o3local.render(args.sample, sample=True, fmt="svg").display_list
    assets = open_template(resolve_template(args.sample)).read_bytes  # the images it names
    ours = export(dl, "png", page=args.page, dpi=args.dpi, assets=assets)[0]
    with tempfile.TemporaryDirectory() as tmp:
        theirs = office_png(export(dl, "pptx", assets=assets)[0], args.page, args.dpi, Path(tmp))
    version = subprocess.run([shutil.which("soffice") or "soffice", "--version"],
                             capture_output=True, text=True, timeout=120).stdout.split()
    office = " ".join(version[:2]) if version else "LibreOffice"
    picture = compose(ours, theirs, (f"o3-local PNG (exact layout), slide {args.page}",
                                     f"{office} rendering of our PPTX, slide {args.page}"))
    args.output.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(args.output, picture)
    print(f"wrote {args.output} ({len(picture)} bytes)")


if __name__ == "__main__":
    main()
