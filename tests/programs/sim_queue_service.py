def simulate(arrivals: list[int], service: list[int], servers: int) -> tuple[float, int]:
    free_at = [0] * servers
    waits: list[int] = []
    for t, s in zip(arrivals, service):
        k = min(range(servers), key=lambda i: free_at[i])
        start = max(t, free_at[k])
        waits.append(start - t)
        free_at[k] = start + s
    return sum(waits) / len(waits), max(free_at)


def main() -> None:
    arrivals = []
    service = []
    t = 0
    x = 17
    for i in range(30):
        x = (x * 75 + 74) % 65537
        t += x % 5
        arrivals.append(t)
        service.append(2 + x % 7)
    print(arrivals[:10], service[:10])
    for servers in [1, 2, 3, 4]:
        avg, end = simulate(arrivals, service, servers)
        print(f"servers={servers} avg_wait={avg:.3f} makespan={end}")


main()
