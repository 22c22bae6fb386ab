# try/finally: the finally body runs on every way out — normal completion,
# return, break, continue, an exception caught outside — with and without
# except and else clauses.
log = []


def normal():
    try:
        log.append("body")
    finally:
        log.append("finally")
    return "after"


print(normal(), log)
log.clear()


def early(x):
    try:
        if x > 0:
            return "positive"
        log.append("not positive")
    finally:
        log.append(f"finally {x}")
    return "other"


print(early(1), early(-1), log)
log.clear()


def override():
    try:
        return 1
    finally:
        return 2


print(override())


def loops():
    out = []
    for i in range(5):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            out.append(i)
        finally:
            out.append(f"f{i}")
    else:
        out.append("else")
    return out


print(loops())


def with_except(v):
    try:
        n = int(v)
    except ValueError:
        log.append("bad")
        return -1
    else:
        log.append("good")
        return n * 2
    finally:
        log.append("cleanup")


print(with_except("21"), with_except("x"), log)
log.clear()


def caught_outside():
    try:
        try:
            raise KeyError("k")
        finally:
            log.append("inner finally")
    except KeyError as e:
        log.append(f"caught {e}")
    return log


print(caught_outside())
log.clear()


def nested_returns():
    try:
        try:
            return "inner"
        finally:
            log.append("first")
    finally:
        log.append("second")


print(nested_returns(), log)
log.clear()


def swallow():
    for i in range(3):
        try:
            raise ValueError(i)
        finally:
            if i < 2:
                continue
            break
    return "swallowed"


print(swallow())


def unhandled_in_except():
    try:
        try:
            raise ValueError("first")
        except ValueError:
            raise TypeError("second")
        finally:
            log.append("runs")
    except TypeError as e:
        return str(e)


print(unhandled_in_except(), log)
count = 0
while count < 3:
    try:
        count += 1
        if count == 2:
            continue
        print("count", count)
    finally:
        print("finally", count)
try:
    print("module body")
finally:
    print("module finally")
