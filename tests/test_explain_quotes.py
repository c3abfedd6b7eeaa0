"""`studrules explain --quotes`: what a source text itself says, step by step, beside the
steps that quote nothing (the file's readings), read against the variant files themselves."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from studrules.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
SOURCE_TEXT_FILES = [
    "five-card-stud-fr",
    "five-card-stud-he",
    "five-card-stud-ru-home",
    "stud-ru-casino",
    "caribbean-stud-it",
]


def _quotes(node) -> list[str]:
    """Every quote written anywhere in a YAML tree (a string or a list of them)."""
    found: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "quote":
                found.extend([value] if isinstance(value, str) else value)
            else:
                found.extend(_quotes(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_quotes(value))
    return found


@pytest.mark.parametrize("name", SOURCE_TEXT_FILES)
def test_every_quote_of_the_file_s_steps_and_options_is_printed_in_the_text_s_words(name, capsys):
    data = yaml.safe_load((ROOT / "variants" / f"{name}.yaml").read_text(encoding="utf-8"))
    assert main(["explain", name, "--quotes"]) == 0
    out = capsys.readouterr().out
    # the steps' quotes (and those of the rules they hold), and each option's own quote (an
    # option's choices change steps: quotes within its changes are of the steps it changes)
    options = [o["quote"] for o in (data.get("options") or {}).values() if "quote" in o]
    own = _quotes(data["steps"]) + [q for item in options for q in ([item] if isinstance(item, str) else item)]
    missing = [q for q in own if f"« {q.strip()} »" not in out]
    assert own and not missing
    # each step of the file without a quote of its own or of a rule it holds is named as quoting nothing
    for step in data["steps"]:
        ((kind, body),) = step.items()
        if not _quotes(body):
            assert f"{body['id']} ({kind})" in out.split("Quoting nothing")[1]
        else:
            assert f"  {body['id']} ({kind})\n" in out


def test_the_russian_home_game_s_third_round_is_the_one_step_its_text_says_nothing_of(capsys):
    # the text describes the rounds after the first two deals, then the last one ("Имея на
    # руках три закрытых карты и две открытых..."); of the round after the first up card it
    # says only that one follows, which the file quotes with that deal
    assert main(["explain", "five-card-stud-ru-home", "--quotes"]) == 0
    out = capsys.readouterr().out
    assert (
        out.splitlines()[-1] == "Quoting nothing (the file's own reading, or the engine's default): round-3 (betting)"
    )
    assert "« Выигрывает тот, кто открывает карты первым, а это – тот, кто последним повышал ставку. »" in out


def test_a_variant_without_a_source_text_says_so_and_quotes_and_steps_go_one_at_a_time(capsys):
    assert main(["explain", "razz", "--quotes"]) == 0
    assert capsys.readouterr().out == "razz: no source text quoted (its rules are the file's own)\n"
    with pytest.raises(SystemExit) as stop:
        main(["explain", "razz", "--quotes", "--steps"])
    assert stop.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err
