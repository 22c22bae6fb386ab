#!/usr/bin/env python3
# vim: set fileencoding=iso-8859-1 :
# The coding declaration may stand on line 2, in any form that matches
# coding[:=]\s*([-\w.]+); this one is vim's.
s = "à la carte"
