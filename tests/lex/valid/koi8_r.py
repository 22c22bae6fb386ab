# -*- coding: koi8-r -*-
# KOI8-R: every byte one Cyrillic letter
привет = 'мир'
print(привет)
