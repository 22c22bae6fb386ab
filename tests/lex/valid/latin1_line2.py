#!/usr/bin/env python3
# vim: set fileencoding=latin-1 :
s = 'café'
