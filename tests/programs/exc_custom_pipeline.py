class PipelineError(Exception):
    pass


class ValidationError(PipelineError):
    pass


class ModelError(PipelineError):
    pass


def validate(text: str) -> str:
    if not text:
        raise ValidationError("empty input")
    if len(text) > 20:
        raise ValidationError(f"input too long: {len(text)} chars")
    return text.strip()


def run_model(text: str) -> float:
    if "crash" in text:
        raise ModelError("model crashed on " + repr(text))
    return len(text) / 10.0


def process(text: str) -> str:
    try:
        t = validate(text)
        score = run_model(t)
    except ValidationError as e:
        return f"invalid: {e}"
    except PipelineError as e:
        return f"failed: {e}"
    else:
        return f"ok: {score:.1f}"
    finally:
        print("  processed", repr(text[:8]))


def main() -> None:
    for t in ["hello", "", "this is definitely way too long", "crash me", " spaced "]:
        print(process(t))
    errors = 0
    for t in ["a", "crash"]:
        try:
            run_model(t)
        except ModelError:
            errors += 1
    print("errors:", errors)
    run_model("crash now")


main()
