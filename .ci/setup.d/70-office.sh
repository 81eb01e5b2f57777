# The real office client of tests/office (LibreOffice headless converts our
# PPTX/DOCX to PDF, the sales sheet's XLSX to CSV) and poppler (pdftotext/pdffonts/pdfinfo/pdftoppm read
# PDFs in tests/export and tests/office).  Debian's packages, without
# recommends (~330 MB, well under a minute from the mirror); only the ones
# not installed yet (another setup step may have brought some).  Sourced by
# .ci/run with `set -euo pipefail`.
o3_office_missing=""
for o3_office_pkg in libreoffice-impress libreoffice-writer libreoffice-calc poppler-utils; do
  if ! dpkg-query -W -f='${Status}' "$o3_office_pkg" 2>/dev/null | grep -q "install ok installed"; then
    o3_office_missing="$o3_office_missing $o3_office_pkg"
  fi
done
if [ -n "$o3_office_missing" ]; then
  o3_office_sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then o3_office_sudo="sudo"; fi
  $o3_office_sudo apt-get update -q
  # shellcheck disable=SC2086
  $o3_office_sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    $o3_office_missing
  unset o3_office_sudo
fi
unset o3_office_missing o3_office_pkg
echo "office: $(soffice --version 2>/dev/null | head -n 1); $(pdftotext -v 2>&1 | head -n 1)"
