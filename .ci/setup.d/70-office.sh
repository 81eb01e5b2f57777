# The real office client of tests/office (LibreOffice headless converts our
# PPTX/DOCX to PDF) and poppler (pdftotext/pdffonts/pdfinfo/pdftoppm read
# PDFs in tests/export and tests/office).  Debian's packages, without
# recommends (~330 MB, well under a minute from the mirror).  Sourced by
# .ci/run with `set -euo pipefail`.
if ! command -v soffice >/dev/null 2>&1 || ! command -v pdftotext >/dev/null 2>&1; then
  o3_office_sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then o3_office_sudo="sudo"; fi
  $o3_office_sudo apt-get update -q
  $o3_office_sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    libreoffice-impress libreoffice-writer poppler-utils
  unset o3_office_sudo
fi
echo "office: $(soffice --version 2>/dev/null | head -n 1); $(pdftotext -v 2>&1 | head -n 1)"
