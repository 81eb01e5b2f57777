"""formulas imports its function tables by name (``importlib.import_module``).

Without these submodules every Excel function is "unknown" in the bundle;
``units.json`` backs CONVERT().
"""

from PyInstaller.utils.hooks import collect_data_files, collect_submodules

hiddenimports = collect_submodules("formulas.functions")
datas = collect_data_files("formulas")
