# coding: cp1252
s = '€ “quoted” – dash'
naïve = 1
