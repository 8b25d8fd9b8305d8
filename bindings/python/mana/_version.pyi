# SPDX-License-Identifier: MIT
# The real _version.py is written by setup.py from include/mana.h.
__version__: str
