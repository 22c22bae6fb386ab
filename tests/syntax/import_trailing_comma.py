# error: 2: trailing comma not allowed without surrounding parentheses
from os import path,
