# error: 2: invalid syntax
from os path import join
