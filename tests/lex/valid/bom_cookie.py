# coding: utf-8
x = 'café'
