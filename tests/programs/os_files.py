# os: getcwd, listdir (sorted: its order is the file system's), exists,
# isfile, isdir, getsize on files this program writes; remove, mkdir, rmdir; the OSError
# subclasses listdir raises; the uncaught FileNotFoundError at the end.
import os

cwd = os.getcwd()
print(os.path.isabs(cwd), os.path.isdir(cwd), os.path.basename(cwd))
here = sorted(os.listdir("."))
print(len(here) > 10, "os_files.py" in here, here == sorted(os.listdir()))
print(os.path.exists("os_files.py"), os.path.isfile("os_files.py"), os.path.isdir("os_files.py"))
print(os.path.exists("no/such/file"), os.path.isfile("."), os.path.isdir("."), os.path.exists("a\0b"))
tmp = os.path.join("/tmp", "kiln_os_files_" + str(os.getpid()))
with open(tmp, "w") as f:
    f.write("12345")
print(os.path.getsize(tmp), os.path.isfile(tmp))
names = [n for n in sorted(os.listdir("/tmp")) if n.startswith("kiln_os_files_" + str(os.getpid()))]
print(len(names))
os.remove(tmp)
print(os.path.exists(tmp))
d = tmp + "_dir"
os.mkdir(d)
print(os.path.isdir(d), os.listdir(d))
try:
    os.mkdir(d)
except FileExistsError as e:
    print("FileExistsError")
os.rmdir(d)
print(os.path.exists(d))
try:
    os.remove(tmp)
except FileNotFoundError:
    print("FileNotFoundError")
for bad in ["no_such_dir", "os_files.py"]:
    try:
        print(os.listdir(bad))
    except FileNotFoundError as e:
        print("FileNotFoundError:", e)
    except NotADirectoryError as e:
        print("NotADirectoryError:", e)
    except OSError as e:
        print("OSError:", e)
try:
    print(os.path.getsize("missing.txt"))
except OSError as e:
    print("OSError:", e)
print(os.listdir("does_not_exist"))
