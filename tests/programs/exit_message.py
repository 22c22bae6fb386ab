# sys.exit with a str prints it to stderr and exits with status 1.
import sys

print("working")
sys.exit("fatal: nothing to do")
