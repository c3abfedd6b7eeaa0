"""Strategies for games against the house, written as data.

A strategy is a short YAML file: an ordered list of rules, each a condition in
the expression language and an action, ending with a default::

    name: pair-or-better
    game: banked
    rules:
      - when: hand >= pair
        action: raise
      - otherwise: fold

The first rule whose condition holds decides. Conditions see a player's view
of a banked game (:data:`VIEW_NAMES`): the player's own cards and the house's
up cards, nothing else. The hand thresholds (``pair``, ``ace_king``...) and
the ranks (``two`` .. ``ten``, ``jack``, ``queen``, ``king``, ``ace``) are
constants::

    >>> s = load_strategy("pair-or-better")
    >>> s.decide("7c 7d Ks 4h 2c"), s.decide("Ac Kd Qs 4h 2c")
    ('raise', 'fold')

A strategy decides one hand (:meth:`Strategy.decide`, for the hand machine and
bots) or a whole batch of hands at once (:meth:`Strategy.decide_batch`, for
simulation); both evaluate the same compiled conditions, so they agree.

A game of several decisions (a raise before each community card) gives
each decision its own rules, in order, under ``streets`` instead of
``rules``; an action may then be ``stand`` (go on without a wager: a wager
taken back) or a raise of a size, ``raise 3x`` (three times the ante). A
rule may also be a table of hands, ``hands: {KEY: ACTION}``, for a strategy
with too many cases to say as conditions (see
:mod:`studrules.spec.strategy_tables`)::

    >>> s = load_strategy_text('''
    ... name: three-streets
    ... streets:
    ...   - rules: [{when: "true", action: raise 3x}, {otherwise: fold}]
    ...   - rules: [{hands: {"AA": raise 3x}}, {otherwise: raise}]
    ... ''')
    >>> s.decide("Ac Ad", street=1), s.decide("Ac Kd", street=1)
    ('raise 3x', 'raise')

``schemas/strategy.schema.json`` describes the format for editors; the
loader checks the same and more, each problem located.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import YES_NO_WORDS, Location, SpecError, SpecErrors, close_matches, field_words, unknown_name_hint
from .expressions import BOOL, NUMBER, Expression, ExprType
from .file_kinds import refuse_the_other_kind
from .hand_ranking import banked_ranking
from .printable import unprintable, unprintable_words
from .resources import strategies_dir
from .source import Document, check_data_file, file_version, read_strategy_document, slash_hint
from .strategy_fit import fit_errors
from .strategy_game import ANY_BANKED_GAME, game_errors, game_ranking, game_reference_errors
from .strategy_rules import ACTIONS, VIEW_NAMES, Rule, action_size, read_rules
from .strategy_view import view_features

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from .model import Variant

__all__ = [
    "ACTIONS",
    "VIEW_NAMES",
    "RANK_CONSTANTS",
    "Rule",
    "Strategy",
    "action_size",
    "load_strategy",
    "load_strategy_text",
    "shipped_strategies",
    "view_features",
]

#: Ranks by name, for conditions like ``house_up <= queen``.
_RANK_WORDS = "two three four five six seven eight nine ten jack queen king ace"
RANK_CONSTANTS: Mapping[str, int] = dict(zip(_RANK_WORDS.split(), range(2, 15)))

_FIELDS = ("name", "title", "description", "game", "rules", "streets", "source")


@dataclass(frozen=True)
class Strategy:
    """A loaded strategy: rules tried in order, the last one unconditional. ``streets``: for a
    game of several decisions, the rules of each decision in order (empty: ``rules`` decide at
    every decision; ``rules`` are then the first decision's)."""

    name: str
    title: str
    game: str
    rules: tuple[Rule, ...]
    description: str | None = field(default=None, compare=False)
    file: str | None = field(default=None, compare=False, repr=False)
    game_location: Location | None = field(default=None, compare=False, repr=False)
    # the ranking 'hand' is valued in (the variant's, when loaded for one)
    ranking: str = field(default="high", compare=False, repr=False)
    streets: tuple[tuple[Rule, ...], ...] = ()
    # where wild cards count (a game against the house with some): the ranking 'hand' is valued in
    valued_by: Any = field(default=None, compare=False, repr=False)
    # decisions remembered per rule: an array over the key space, or a dict when it is large
    _memo: dict[Any, np.ndarray | dict[int, bool]] = field(default_factory=dict, compare=False, repr=False, hash=False)
    # the view names each decision's rules read, by decision number (filled as asked)
    _names: dict[int, frozenset[str]] = field(default_factory=dict, compare=False, repr=False, hash=False)

    def rules_at(self, street: int) -> tuple[Rule, ...]:
        """The rules of decision number ``street`` (0: the first); the last street's past the end.

        >>> load_strategy("basic").rules_at(2) == load_strategy("basic").rules
        True
        """
        if not self.streets:
            return self.rules
        return self.streets[min(street, len(self.streets) - 1)]

    @property
    def every_rule(self) -> tuple[Rule, ...]:
        """The rules of every street."""
        return tuple(r for rules in (self.streets or (self.rules,)) for r in rules)

    @property
    def names(self) -> frozenset[str]:
        """The view names the rules read.

        >>> sorted(load_strategy("pair-or-better").names)
        ['hand']
        """
        out: set[str] = set()
        for rule in self.every_rule:
            if rule.when is not None:
                out |= rule.when.names
        return frozenset(out)

    @property
    def reads_cards(self) -> bool:
        """Whether a rule is a table of hands (it reads the cards themselves)."""
        return any(rule.table is not None for rule in self.every_rule)

    def decide_view(self, view: Mapping[str, Any], street: int = 0, cards: Any = (), house_up: Any = ()) -> str:
        """The action for one view given as ``{name: value}`` (see :data:`VIEW_NAMES`); a table
        of hands reads ``cards`` and ``house_up``.

        >>> load_strategy("ace-king-or-better").decide_view({"hand": 1})
        'fold'
        """
        for rule in self.rules_at(street):
            if rule.table is not None:
                found = rule.table.lookup(cards, house_up) if rule.when is None or rule.when(view) else None
                if found is not None:
                    return found
            elif rule.when is None or rule.when(view):
                return rule.action
        return self.rules_at(street)[-1].action  # pragma: no cover - the last rule is unconditional

    def decide(
        self, cards: Iterable[Any] | str, house_up: Iterable[Any] | str = (), street: int = 0, wagered: int = 1
    ) -> str:
        """The action (``'raise'``, ``'fold'``, ``'stand'``, ``'raise 3x'``...) for a player holding
        ``cards`` (his own and the community's) who sees the house's ``house_up`` cards, at
        decision number ``street`` (0: the first), having wagered ``wagered`` antes so far.

        Cards are :class:`~studrules.cards.card.Card` objects, codes or text.

        >>> basic = load_strategy("basic")
        >>> basic.decide("As Kd 9c 6h 3s", house_up="9d")  # ace-king, the house's 9 matches
        'raise'
        >>> basic.decide("As Kd 9c 6h 3s", house_up="Th")
        'fold'
        """
        names = self._names.get(street)
        if names is None:
            names = self._names[street] = frozenset(
                n for r in self.rules_at(street) if r.when is not None for n in r.when.names
            )
        view = view_features(cards, house_up, names, ranking=self.ranking, valued_by=self.valued_by)
        if "wagered" in names:
            view["wagered"] = wagered
        return self.decide_view(view, street, cards, house_up)

    def decide_batch(self, features: Mapping[str, np.ndarray], size: int | None = None, street: int = 0) -> np.ndarray:
        """Whether each of a batch of hands raises (a bool array; a raise of any size).

        ``features`` maps each name of :attr:`names` to an integer array, one
        entry per hand (hand values, ranks, 0/1 for conditions). Every
        distinct combination is decided once with the same compiled rules as
        :meth:`decide`: the rules are tried in order on the hands still
        undecided, each condition evaluated once for every distinct
        combination of the names it reads (remembered between batches) and
        looked up, which is exact. ``size``: the number of hands, needed only
        when ``features`` is empty (a strategy that reads no names). A table
        of hands reads ``features["cards"]`` ((n, k) card codes) and
        ``features["house_up_cards"]`` ((n, u), if the house shows any).

        >>> import numpy as np
        >>> s = load_strategy("pair-or-better")
        >>> from studrules.spec.vocabulary import hand_constants
        >>> pair = hand_constants()["pair"][1]
        >>> s.decide_batch({"hand": np.array([pair - 1, pair, pair + 5])}).tolist()
        [False, True, True]
        """
        import numpy as np

        actions, chosen = self.choose_batch(features, size, street)
        raising = np.array([a.startswith("raise") for a in actions], dtype=bool)
        result: np.ndarray = raising[chosen]
        return result

    def choose_batch(
        self, features: Mapping[str, np.ndarray], size: int | None = None, street: int = 0
    ) -> tuple[list[str], np.ndarray]:
        """Each hand's action at decision ``street``: ``(actions, index)``, ``actions[index[i]]``
        being hand ``i``'s (see :meth:`decide_batch` for ``features``)."""
        import numpy as np

        if size is None:
            size = _batch_size(features)
        rules = self.rules_at(street)
        names = {n for r in rules if r.when is not None for n in r.when.names}
        columns: dict[str, np.ndarray] = {}
        for name in names:
            column = np.asarray(features[name]).reshape(-1)
            if column.dtype == bool:
                column = column.view(np.uint8)
            elif column.dtype.kind not in "iu":
                column = column.astype(np.int64)
            if len(column) != size:
                raise ValueError(f"'{name}' has {len(column)} entries for {size} hands")
            radix = _radix(name, self.ranking)
            # a check the column's type does not make already (an unsigned byte is never negative)
            low = column.dtype.kind == "i" and size and int(column.min()) < 0
            if low or (np.iinfo(column.dtype).max >= radix and size and int(column.max()) >= radix):
                raise ValueError(f"'{name}' holds values outside 0..{radix - 1}")
            columns[name] = column
        actions: list[str] = []
        chosen = np.zeros(size, dtype=np.int64)
        rows: np.ndarray | None = None  # the hands undecided (None: every hand)

        def index(action: str) -> int:
            if action not in actions:
                actions.append(action)
            return actions.index(action)

        for number, rule in enumerate(rules):
            if rows is not None and not len(rows):
                break
            if rule.when is None and rule.table is None:
                chosen[slice(None) if rows is None else rows] = index(rule.action)
                break
            holds = (
                self._holds((street if self.streets else 0, number), rule.when, columns, rows, size)
                if rule.when is not None
                else np.ones(size if rows is None else len(rows), dtype=bool)
            )
            if rule.table is not None:
                guard, holds = holds, np.zeros(len(holds), dtype=bool)
                picked = np.flatnonzero(guard) if rows is None else rows[guard]
                up = features.get("house_up_cards")
                found = rule.table.lookup_batch(
                    np.asarray(features["cards"])[picked], None if up is None else np.asarray(up)[picked]
                )
                holds[np.flatnonzero(guard)] = [a is not None for a in found]
                chosen[holds if rows is None else rows[holds]] = [index(a) for a in found if a is not None]
            elif rows is None:
                chosen[holds] = index(rule.action)
            else:
                chosen[rows[holds]] = index(rule.action)
            rows = np.flatnonzero(~holds) if rows is None else rows[~holds]
        return actions or [rules[-1].action], chosen

    def _holds(
        self, index: Any, when: Expression, columns: Mapping[str, np.ndarray], rows: np.ndarray | None, size: int
    ) -> np.ndarray:
        """Whether rule ``index``'s condition holds for each of ``rows`` (None: every one of ``size`` hands)."""
        import numpy as np

        names = sorted(when.names)
        if not names:
            return np.full(size if rows is None else len(rows), bool(when({})), dtype=bool)
        radices = [_radix(n, self.ranking) for n in names]
        space = math.prod(radices)
        if len(names) == 1:  # the value itself is the key
            key = columns[names[0]] if rows is None else columns[names[0]][rows]
        else:
            key = np.zeros(size if rows is None else len(rows), dtype=np.int64)
            for name, radix in zip(names, radices):
                key *= radix
                key += columns[name] if rows is None else columns[name][rows]
        memo = self._memo.get(index)
        if memo is None:
            # -1: not evaluated yet, else 0/1; a dict when the key space is large
            memo = self._memo[index] = np.full(space, -1, dtype=np.int8) if space <= _DENSE else {}
        if isinstance(memo, np.ndarray):
            known = memo[key]
            missing = known < 0
            if missing.any():
                for k in np.unique(key[missing]).tolist():
                    memo[k] = self._evaluate_key(when, names, radices, k)
                known[missing] = memo[key[missing]]
            holds: np.ndarray = known.view(bool)
            return holds
        unique, inverse = np.unique(key, return_inverse=True)
        answers = np.empty(len(unique), dtype=bool)
        for i, k in enumerate(unique.tolist()):
            answer = memo.get(k)
            if answer is None:
                answer = memo[k] = self._evaluate_key(when, names, radices, k)
            answers[i] = answer
        return answers[inverse.reshape(-1)]

    @staticmethod
    def _evaluate_key(when: Expression, names: list[str], radices: list[int], key: int) -> bool:
        view: dict[str, Any] = {}
        for name, radix in zip(reversed(names), reversed(radices)):
            key, value = divmod(key, radix)
            view[name] = bool(value) if VIEW_NAMES[name] is BOOL else value
        return bool(when(view))

    def check_fits(self, variant: Variant) -> None:
        """Raise a located :class:`SpecErrors` if this strategy cannot play ``variant``: a game
        other than its ``game`` (or one extending it), or one whose cards its rules do not fit."""
        where = self.game_location or Location(self.file)
        errors = game_errors(self.name, self.game, self.file, variant, where) or fit_errors(
            self.name, self.streets or (self.rules,), variant, where
        )
        if errors:
            raise SpecErrors(errors)

    def __reduce__(self) -> tuple[Callable[..., Strategy], tuple[Any, ...]]:
        # the memo of decisions is not sent along
        return (
            _rebuild_strategy,
            (
                self.name,
                self.title,
                self.game,
                self.rules,
                self.description,
                self.file,
                self.game_location,
                self.ranking,
                self.streets,
            ),
        )


def _rebuild_strategy(
    name: str,
    title: str,
    game: str,
    rules: tuple[Rule, ...],
    description: str | None,
    file: str | None,
    game_location: Location | None,
    ranking: str = "high",
    streets: tuple[tuple[Rule, ...], ...] = (),
) -> Strategy:
    return Strategy(name, title, game, rules, description, file, game_location, ranking, streets)


# Decisions are remembered in an array when the names a rule reads have at
# most this many combinations, in a dict otherwise.
_DENSE = 1 << 22


def _radix(name: str, ranking: str = "high") -> int:
    """How many values a view name takes (0..radix-1), to pack several into one key."""
    if name == "hand":
        from ..cards.evaluator import MAX_VALUE

        # a ranking with thresholds of its own has values of its own: room for them
        return MAX_VALUE + 1 if ranking == "high" else max(MAX_VALUE + 1, 1 << 15)
    if name == "wagered":
        return 256
    return 2 if VIEW_NAMES[name] is BOOL else 15


def _batch_size(features: Mapping[str, Any]) -> int:
    for value in features.values():
        return len(value)
    raise ValueError("decide_batch needs at least one array to know the batch size")


def shipped_strategies() -> list[str]:
    """The names of the strategies that ship with studrules.

    >>> "basic" in shipped_strategies()
    True
    """
    return sorted(p.stem for p in strategies_dir().glob("*.yaml"))


def load_strategy(name_or_path: str | Path, variant: Variant | None = None) -> Strategy:
    """Load a shipped strategy by name, or a strategy file by path.

    With ``variant``, also check the strategy fits it (a banked game, an up card for the house if the rules
    look at one, enough cards for the card names used). Every problem is reported together, each located in
    the file (:class:`~studrules.errors.SpecErrors`). A file is read once a version (bots share it).

    >>> load_strategy("basic").rules[0].action
    'raise'
    >>> load_strategy("bsic")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: no strategy 'bsic': did you mean 'basic'?
    """
    path = _resolve(name_or_path)
    return _read_file(str(path), file_version(path), variant)


@functools.lru_cache(maxsize=8)
def _read_file(path: str, version: tuple[str, int, int], variant: Variant | None) -> Strategy:
    return _from_document(read_strategy_document(Path(path)), path, variant)


def load_strategy_text(text: str, variant: Variant | None = None, *, file: str = "<text>") -> Strategy:
    """A strategy from YAML text (see :func:`load_strategy`).

    >>> load_strategy_text("{name: blind, rules: [{otherwise: raise}]}").decide("2c 3d 4h 5s 7c")
    'raise'
    """
    return _from_document(read_strategy_document(text, file=file), file, variant)


def _from_document(doc: Document, file: str, variant: Variant | None) -> Strategy:
    data = doc.data
    if not isinstance(data, dict):
        raise SpecErrors([SpecError("a strategy file is a mapping: name, title, game, rules", Location(file, 1, 1))])
    refuse_the_other_kind(data, file, "strategy")
    errors: list[SpecError] = [
        SpecError(unprintable_words(char, key), doc.location(path, key=key)) for path, char, key in unprintable(data)
    ]
    for key in data:
        if key not in _FIELDS:
            close = close_matches(str(key), _FIELDS)
            hint = f": did you mean '{close[0]}'?" if close else f"; fields are {', '.join(_FIELDS)}"
            errors.append(SpecError(f"unknown {field_words(key)}{hint}", doc.location((key,), key=True)))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        said = YES_NO_WORDS if isinstance(name, bool) else ""
        errors.append(SpecError(f"a strategy needs a 'name' (text){said}", doc.location(("name",))))
        name = Path(file).stem
    game = data.get("game", ANY_BANKED_GAME)
    errors += game_reference_errors(game, file, doc.location(("game",)))
    if variant is not None and not errors:  # another game's: said before its rules are read in this one's ranking
        mismatch = game_errors(name, game, file, variant, doc.location(("game",)))
        if mismatch:
            raise SpecErrors(mismatch)
    if variant is not None:
        ranking = variant.deck.ranking
    else:  # the game's own ranking, where the game's file is there: its hands by name
        ranking = "high" if errors else game_ranking(game, file)
    streets: tuple[tuple[Rule, ...], ...] = ()
    if "streets" in data:
        if "rules" in data:
            errors.append(
                SpecError(
                    "give 'rules' (for every decision) or 'streets' (the rules of each decision), not both",
                    doc.location(("streets",), key=True),
                )
            )
        raw = data["streets"]
        if not isinstance(raw, list) or not raw:
            errors.append(
                SpecError("'streets' is a list, one {rules: [...]} per decision in order", doc.location(("streets",)))
            )
            raw = []
        found: list[tuple[Rule, ...]] = []
        for i, street in enumerate(raw):
            if not isinstance(street, dict) or set(street) != {"rules"}:
                errors.append(SpecError("a street is {rules: [...]}", doc.location(("streets", i))))
                continue
            found.append(read_rules(street["rules"], doc, errors, _constants(ranking), ("streets", i, "rules")))
        streets = tuple(found)
        rules = streets[0] if streets else ()
    else:
        rules = read_rules(data.get("rules"), doc, errors, _constants(ranking))
    if errors:
        raise SpecErrors(errors)
    strategy = Strategy(
        name=name,
        title=str(data.get("title") or name),
        game=str(game),
        rules=rules,
        description=data.get("description"),
        file=file,
        game_location=doc.location(("game",)) if "game" in data else Location(file, 1, 1),
        ranking=ranking,
        streets=streets,
        valued_by=banked_ranking(variant) if variant is not None and variant.wild.any else None,
    )
    if variant is not None:  # (its game checked above, before the rules were read)
        fits = fit_errors(name, streets or (rules,), variant, strategy.game_location or Location(file))
        if fits:
            raise SpecErrors(fits)
    return strategy


def _resolve(name_or_path: str | Path) -> Path:
    text = str(name_or_path)
    candidates = [Path(text)] if text.strip() else []  # (an empty name is no path: Path("") is the folder)
    if "/" not in text and not text.endswith((".yaml", ".yml")):
        candidates.insert(0, strategies_dir() / f"{text}.yaml")
    for c in candidates:
        try:
            found = c.exists()
        except (OSError, ValueError):
            found = False
        if found:  # only a regular .yaml/.yml file is read: no other file's lines reach a message
            return check_data_file(c, what="strategy", shown=text)
    names = shipped_strategies()
    hint = slash_hint(text) or unknown_name_hint(
        text, names, listing="shipped strategies", all_at="'studrules simulate --help' shows them all"
    )
    raise SpecError(f"no strategy '{text}'{hint}")


def _constants(ranking: str = "high") -> dict[str, tuple[ExprType, int]]:
    from .vocabulary import hand_constants

    table = dict(hand_constants(ranking))
    table.update({n: (NUMBER, v) for n, v in RANK_CONSTANTS.items()})
    return table
