"""Maps the design card's source folders onto the installed ``o3local`` package.

pyproject.toml holds all metadata; this file only exists because setuptools'
declarative config cannot discover sub-packages below a remapped directory.
"""

from setuptools import find_packages, setup

ROOTS = {"o3local": "runtime", "o3local.cli": "cli", "o3local.recipes": "models"}

packages = []
for package, folder in ROOTS.items():
    packages.append(package)
    packages += [f"{package}.{sub}" for sub in find_packages(folder)]

setup(packages=packages, package_dir=ROOTS)
