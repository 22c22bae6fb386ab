# Parsing an access log and an application log with named groups.
import re
from collections import Counter

ACCESS = re.compile(
    r'(?P<ip>\d{1,3}(?:\.\d{1,3}){3}) - - \[(?P<when>[^\]]+)\] '
    r'"(?P<method>[A-Z]+) (?P<path>\S+) HTTP/(?P<ver>[\d.]+)" (?P<status>\d{3}) (?P<size>\d+|-)'
)

LINES = [
    '10.0.0.1 - - [10/Oct/2023:13:55:36 +0000] "GET /index.html HTTP/1.1" 200 2326',
    '10.0.0.2 - - [10/Oct/2023:13:55:40 +0000] "POST /api/login HTTP/1.1" 401 -',
    'garbage line that does not parse',
    '10.0.0.1 - - [10/Oct/2023:13:56:01 +0000] "GET /img/logo.png HTTP/2.0" 200 512',
    '192.168.1.20 - - [10/Oct/2023:13:57:12 +0000] "DELETE /api/item/7 HTTP/1.1" 404 19',
]

status = Counter()
bytes_by_ip: dict[str, int] = {}
bad = 0
for line in LINES:
    m = ACCESS.match(line)
    if m is None:
        bad += 1
        print("unparsed:", repr(line[:20]))
        continue
    d = m.groupdict()
    print(d["method"], d["path"], d["status"], m.group("ver"))
    status[m.group("status")] += 1
    size = m.group("size")
    if size != "-":
        bytes_by_ip[m.group("ip")] = bytes_by_ip.get(m.group("ip"), 0) + int(size)
print(sorted(status.items()), bad)
print(bytes_by_ip)

APP = """2023-10-10 13:55:36,123 INFO  [main] Server started on port 8080
2023-10-10 13:55:37,001 WARN  [pool-1] Slow query took 1532 ms
2023-10-10 13:55:38,777 ERROR [pool-2] Connection refused: db.internal:5432
2023-10-10 13:55:39,010 INFO  [main] Health check ok
2023-10-10 13:55:40,500 ERROR [pool-1] Timeout after 30000 ms
"""
levels = Counter(re.findall(r"^\S+ \S+ (\w+)", APP, re.MULTILINE))
print(sorted(levels.items()))
for when, thread, msg in re.findall(r"^(\S+ [\d:]+),\d+ ERROR +\[([\w-]+)\] (.*)$", APP, flags=re.M):
    print(when, thread, "->", msg)
durations = [int(x) for x in re.findall(r"(\d+) ms\b", APP)]
print(durations, sum(durations))
hostport = re.search(r"(?P<host>[\w.]+):(?P<port>\d+)$", APP.splitlines()[2])
if hostport:
    print(hostport.group("host"), int(hostport.group("port")) + 1, hostport.span("port"))
# timestamps rewritten, day first
print(re.sub(r"^(\d{4})-(\d\d)-(\d\d)", r"\3/\2/\1", APP, flags=re.M).splitlines()[0])
# counting per minute with a compiled pattern used in a loop
minute = re.compile(r"^\d{4}-\d\d-\d\d (\d\d:\d\d)")
per_minute = Counter()
for ln in APP.splitlines():
    mm = minute.match(ln)
    if mm:
        per_minute[mm.group(1)] += 1
print(per_minute.most_common())
# the module cache: the same constant pattern in a loop
hits = 0
for i in range(50000):
    if re.search(r"7$", str(i)):
        hits += 1
print(hits)
