"""Grammar-constrained decoding: the model may only write what the grammar allows.

A logits processor for :meth:`Generator.chat`: at every step it masks the
tokens whose text would take the output outside the grammar, so a small
model cannot produce an unknown function, an unbalanced parenthesis or a
column the sheet does not have.

A grammar is a character automaton (:class:`Automaton`): a start state, a
transition per character, accepting states.  The processor keeps the state
of the text accepted so far and advances it by each new token's characters,
so a step never re-reads the output; the allowed tokens of a state are found
by walking the vocabulary's character trie from that state (a dead
transition prunes the whole subtree) and are cached per state, so a state
seen before costs one dictionary look-up.  Regular languages are compiled by
:class:`RegexAutomaton` (a lazily built DFA over Python's regex parser);
what is not regular (parenthesis depth, columns used once) is added by
wrapping one automaton in another whose state carries the extra counters.
"""

from __future__ import annotations

import itertools
import threading
import weakref
from collections.abc import Callable, Hashable
from typing import Any

from ..errors import InferenceError

Predicate = Callable[[str], bool]
DEAD = -1
_UNSEEN = -2


class Automaton:
    """A deterministic automaton over characters with interned integer states.

    Subclasses define ``start_key`` and ``_next(key, ch) -> key | None``,
    ``_accepts(key)`` and optionally ``_free(key)`` over hashable keys; this
    class numbers the keys and memoizes every transition.  ``free(state)``
    says that every character except ``"``, ``\\`` and newline loops back to
    the same state (inside a free-text string), which lets the processor take
    those tokens wholesale.
    """

    start_key: Hashable = None

    def __init__(self) -> None:
        self._ids: dict[Hashable, int] = {}
        self._keys: list[Hashable] = []
        self._trans: list[dict[str, int]] = []
        self._allowed: dict[tuple[int, int], Any] = {}  # (vocab serial, state) -> token ids
        self._lock = threading.Lock()
        self.start = self._intern(self.start_key)

    # -- to define -----------------------------------------------------------
    def _next(self, key: Hashable, ch: str) -> Hashable | None:
        raise NotImplementedError

    def _accepts(self, key: Hashable) -> bool:
        raise NotImplementedError

    def _free(self, key: Hashable) -> bool:
        return False

    # -- interned API --------------------------------------------------------
    def _intern(self, key: Hashable) -> int:
        s = self._ids.get(key)
        if s is None:
            with self._lock:
                s = self._ids.get(key)
                if s is None:
                    self._keys.append(key)
                    self._trans.append({})
                    s = self._ids[key] = len(self._keys) - 1
        return s

    def key(self, state: int) -> Hashable:
        return self._keys[state]

    def step(self, state: int, ch: str) -> int:
        """The state after ``ch``, or :data:`DEAD`."""
        row = self._trans[state]
        t = row.get(ch, _UNSEEN)
        if t == _UNSEEN:
            nk = self._next(self._keys[state], ch)
            t = DEAD if nk is None else self._intern(nk)
            row[ch] = t
        return t

    def walk(self, state: int, text: str) -> int:
        for ch in text:
            if state == DEAD:
                return DEAD
            state = self.step(state, ch)
        return state

    def accepting(self, state: int) -> bool:
        return state != DEAD and self._accepts(self._keys[state])

    def free(self, state: int) -> bool:
        return state != DEAD and self._free(self._keys[state])

    # -- text predicates (tests, callers that hold text) ------------------------
    def viable(self, text: str) -> bool:
        return self.walk(self.start, text) != DEAD

    def matches(self, text: str) -> bool:
        return self.accepting(self.walk(self.start, text))


# --------------------------------------------------------------------------
# regular expressions -> lazily determinized NFA


class _Set:
    """A character class: literal chars, ranges and categories, maybe negated."""

    __slots__ = ("chars", "ranges", "cats", "negate")

    def __init__(self, chars=(), ranges=(), cats=(), negate=False):
        self.chars = frozenset(chars)
        self.ranges = tuple(ranges)
        self.cats = tuple(cats)
        self.negate = negate

    def __contains__(self, ch: str) -> bool:
        hit = ch in self.chars or any(lo <= ord(ch) <= hi for lo, hi in self.ranges) \
            or any(c(ch) for c in self.cats)
        return hit != self.negate


def _digit(ch: str) -> bool:
    return "0" <= ch <= "9"  # ASCII only: a formula or JSON number has no other digits


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _space(ch: str) -> bool:
    return ch.isspace()


class _NFA:
    def __init__(self) -> None:
        self.eps: list[list[int]] = []
        self.edges: list[list[tuple[Any, int]]] = []  # (str | _Set, target)

    def new(self) -> int:
        self.eps.append([])
        self.edges.append([])
        return len(self.eps) - 1


def _parse(pattern: str):
    try:
        import re._parser as sre_parse  # Python >= 3.11
    except ImportError:  # pragma: no cover
        import sre_parse  # type: ignore[no-redef]
    return sre_parse, sre_parse.parse(pattern)


class RegexAutomaton(Automaton):
    """A regular expression as a DFA built on demand (subset construction, memoized).

    Supports what grammars use: literals, classes, ``\\d \\w \\s``, ``.``,
    groups, alternation and greedy or lazy repeats.  Anchors and
    backreferences are refused.  ``\\d`` is ASCII ``0-9``.  An alternation of
    plain strings is laid out as a trie, so ``1|2|...|5000`` costs a few
    states, not thousands.
    """

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        sre, tree = _parse(pattern)
        self._c = sre._constants if hasattr(sre, "_constants") else sre
        self.nfa = _NFA()
        self._s0 = self.nfa.new()
        self._final = self._build(list(tree), self._s0)
        self.start_key = self._closure([self._s0])
        super().__init__()

    # -- construction --------------------------------------------------------
    def _build(self, items: list, start: int) -> int:
        cur = start
        for op, av in items:
            cur = self._item(op, av, cur)
        return cur

    def _edge(self, start: int, label: Any) -> int:
        end = self.nfa.new()
        self.nfa.edges[start].append((label, end))
        return end

    def _literal_strings(self, branches: list) -> list[str] | None:
        c = self._c
        out = []
        for b in branches:
            if not all(op is c.LITERAL for op, _ in b):
                return None
            out.append("".join(chr(v) for _, v in b))
        return out

    def _item(self, op, av, start: int) -> int:
        c, nfa = self._c, self.nfa
        if op is c.LITERAL:
            return self._edge(start, chr(av))
        if op is c.NOT_LITERAL:
            return self._edge(start, _Set(chars=[chr(av)], negate=True))
        if op is c.ANY:
            return self._edge(start, _Set(chars=["\n"], negate=True))
        if op is c.IN:
            return self._edge(start, self._set(av))
        if op is c.SUBPATTERN:
            return self._build(list(av[-1]), start)
        if op is c.BRANCH:
            branches = [list(b) for b in av[1]]
            strings = self._literal_strings(branches)
            end = nfa.new()
            if strings is not None:  # a trie of plain strings
                nodes: dict[str, int] = {"": start}
                for s in strings:
                    for i in range(1, len(s) + 1):
                        if s[:i] not in nodes:
                            nodes[s[:i]] = self._edge(nodes[s[: i - 1]], s[i - 1])
                    nfa.eps[nodes[s]].append(end)
                return end
            for b in branches:
                s = nfa.new()
                nfa.eps[start].append(s)
                nfa.eps[self._build(b, s)].append(end)
            return end
        if op in (c.MAX_REPEAT, c.MIN_REPEAT) or op is getattr(c, "POSSESSIVE_REPEAT", None):
            lo, hi, sub = av
            sub = list(sub)
            cur = start
            for _ in range(lo):
                cur = self._build(sub, cur)
            if hi == c.MAXREPEAT:
                loop = nfa.new()
                nfa.eps[cur].append(loop)
                body_end = self._build(sub, loop)
                nfa.eps[body_end].append(loop)
                return loop
            end = nfa.new()
            for _ in range(hi - lo):
                nfa.eps[cur].append(end)
                cur = self._build(sub, cur)
            nfa.eps[cur].append(end)
            return end
        raise ValueError(f"regex feature {op} is not supported by the grammar compiler")

    def _set(self, items) -> _Set:
        c = self._c
        chars, ranges, cats, negate = [], [], [], False
        for op, av in items:
            if op is c.NEGATE:
                negate = True
            elif op is c.LITERAL:
                chars.append(chr(av))
            elif op is c.RANGE:
                ranges.append(av)
            elif op is c.CATEGORY:
                name = str(av)
                base = {"DIGIT": _digit, "WORD": _word, "SPACE": _space}
                kind = next((k for k in base if name.endswith(k)), None)
                if kind is None:
                    raise ValueError(f"regex category {av} is not supported")
                f = base[kind]
                cats.append((lambda ch, f=f: not f(ch)) if "_NOT_" in name else f)
            else:
                raise ValueError(f"regex class item {op} is not supported")
        return _Set(chars, ranges, cats, negate)

    def _closure(self, states) -> frozenset[int]:
        seen = set(states)
        todo = list(states)
        eps = self.nfa.eps
        while todo:
            s = todo.pop()
            for t in eps[s]:
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
        # only states with character edges (or the final one) tell states apart
        edges = self.nfa.edges
        return frozenset(s for s in seen if edges[s] or s == self._final)

    # -- automaton -----------------------------------------------------------
    def _next(self, key, ch):
        targets = []
        edges = self.nfa.edges
        for s in key:
            for label, t in edges[s]:
                if (label == ch) if isinstance(label, str) else (ch in label):
                    targets.append(t)
        if not targets:
            return None
        return self._closure(targets)

    def _accepts(self, key) -> bool:
        return self._final in key

    def reaches(self, state: int, target: str, avoid: str = "") -> bool:
        """Whether some text without ``avoid`` characters leads from ``state`` to reading ``target``."""
        memo = self.__dict__.setdefault("_reach", {})
        k = (state, target, avoid)
        if k not in memo:
            memo[k] = self._reaches(self.key(state), target, avoid)
        return memo[k]

    def _reaches(self, key, target: str, avoid: str) -> bool:
        def matches(label, ch):
            return label == ch if isinstance(label, str) else ch in label

        seen = set(key)
        todo = list(key)
        nfa = self.nfa
        while todo:
            s = todo.pop()
            for label, t in nfa.edges[s]:
                if matches(label, target):
                    return True
                if isinstance(label, str) and label in avoid:
                    continue
                for u in self._closure([t]) | {t}:
                    if u not in seen:
                        seen.add(u)
                        todo.append(u)
        return False

    def _free(self, key) -> bool:
        special = {'"', "\\", "\n"}
        broad = False
        for s in key:
            for label, _ in self.nfa.edges[s]:
                if isinstance(label, str):
                    if label not in special:
                        return False
                elif label.negate and not label.ranges and not label.cats and label.chars <= special:
                    broad = True
                else:
                    return False
        return broad and self._next(key, "a") == key


# --------------------------------------------------------------------------
# the vocabulary and the logits processor


class _Vocab:
    """Every token's text in a character trie (built once per tokenizer).

    Walking the trie with the grammar prunes whole subtrees at the first
    character that cannot follow, so a step costs a few hundred checks, not
    one per vocabulary entry.
    """

    #: keyed by the tokenizer object itself, held weakly: an ``id()`` key outlives its
    #: tokenizer, and a new tokenizer born at the same address got the old one's trie
    _cache: weakref.WeakKeyDictionary[Any, _Vocab] = weakref.WeakKeyDictionary()
    _serials = itertools.count()

    def __init__(self, tokenizer: Any) -> None:
        #: never reused, unlike ``id(self)``: keys the automata's allowed-token caches
        self.serial = next(self._serials)
        self.root: dict[str, Any] = {}
        self.text: dict[int, str] = {}
        self.plain: list[int] = []  # tokens that cannot end a string: no quote, backslash, newline
        self.quoted: list[tuple[int, str]] = []
        for tid, piece in enumerate(tokenizer.pieces()):
            try:
                s = piece.decode("utf-8") if isinstance(piece, bytes) else str(piece)
            except UnicodeDecodeError:
                continue  # a partial UTF-8 sequence: never needed by our grammars
            if not s:
                continue
            self.text[tid] = s
            if any(ch in s for ch in '"\\\n'):
                self.quoted.append((tid, s))
            else:
                self.plain.append(tid)
            node = self.root
            for ch in s:
                node = node.setdefault(ch, {})
            node.setdefault(_END, []).append(tid)

    @classmethod
    def of(cls, tokenizer: Any) -> _Vocab:
        hit = cls._cache.get(tokenizer)
        if hit is None:
            hit = cls._cache[tokenizer] = cls(tokenizer)
        return hit


_END = "\x00end"


def allowed_tokens(automaton: Automaton, vocab: _Vocab, state: int) -> Any:
    """Token ids (a numpy array) whose whole text the automaton can read from ``state``.

    Cached per state, as an array: a free-text state allows most of the vocabulary.
    """
    import numpy as np

    key = (vocab.serial, state)
    hit = automaton._allowed.get(key)
    if hit is not None:
        return hit
    step = automaton.step
    if automaton.free(state):
        # inside free text every quote-free token loops back here: take them
        # wholesale and walk only those that could close the string
        out = list(vocab.plain)
        for tid, s in vocab.quoted:
            if automaton.walk(state, s) != DEAD:
                out.append(tid)
    else:
        out = []
        stack: list[tuple[dict[str, Any], int]] = [(vocab.root, state)]
        while stack:
            node, st = stack.pop()
            for ch, child in node.items():
                if ch == _END:
                    out.extend(child)
                    continue
                nxt = step(st, ch)
                if nxt != DEAD:
                    stack.append((child, nxt))
    arr = np.asarray(sorted(set(out)), dtype=np.int64)
    automaton._allowed[key] = arr
    return arr


class GrammarProcessor:
    """``logits_processor(generated_ids, logits) -> logits`` enforcing a grammar.

    ``automaton`` reads the output text (``prefix`` first, already written
    by the caller); ``check`` is an optional final test of a complete text
    (end of sequence is allowed only in an accepting state that passes it).
    ``max_chars`` bounds the output's length.
    """

    def __init__(self, tokenizer: Any, automaton: Automaton, prefix: str = "",
                 check: Predicate | None = None, max_chars: int | None = None) -> None:
        self.tokenizer = tokenizer
        self.vocab = _Vocab.of(tokenizer)
        self.automaton = automaton
        self.check = check
        self.prefix = prefix
        self.max_chars = max_chars
        self.eos = list(getattr(tokenizer, "eos_ids", []) or [])
        self._ids: list[int] = []
        self._text = prefix
        self._state = automaton.walk(automaton.start, prefix)
        self._start_state = self._state
        self._lens = None
        self._last: Any = None  # the previous step's masked scores, to score the token chosen
        #: (probability of the chosen token among the allowed ones, how many were allowed),
        #: one per step that offered a choice
        self.choices: list[tuple[float, int]] = []

    @property
    def text(self) -> str:
        return self._text

    def _advance(self, generated: list[int]) -> None:
        """Bring the kept state up to ``generated`` (normally one new token)."""
        n = len(self._ids)
        if generated[:n] != self._ids:  # not a continuation: start again
            self._ids, self._text, self._state, n = [], self.prefix, self._start_state, 0
        for tid in generated[n:]:
            s = self.vocab.text.get(tid)
            if s is None:
                s = self.tokenizer.decode([tid])
            self._state = self.automaton.walk(self._state, s)
            self._text += s
            self._ids.append(tid)

    def __call__(self, generated: list[int], logits: Any) -> Any:
        import numpy as np

        generated = list(generated)
        if generated and self._last is not None and len(generated) == len(self._ids) + 1:
            self._record(self._last, generated[-1])
        self._advance(generated)
        state, text = self._state, self._text
        allowed = allowed_tokens(self.automaton, self.vocab, state) if state != DEAD else None
        scores = np.asarray(logits, dtype=np.float32)
        out = np.full_like(scores, -np.inf)
        if allowed is not None and len(allowed):
            idx = allowed[allowed < out.shape[-1]]
            if self.max_chars is not None:
                room = self.max_chars - len(text)
                idx = idx[self._token_lengths(out.shape[-1])[idx] <= room]
            out[idx] = scores[idx]
        ended = self.automaton.accepting(state) and (self.check is None or self.check(text))
        if ended:
            eos = [e for e in self.eos if e < out.shape[-1]]
            out[eos] = scores[eos]
        if not np.isfinite(out).any():
            raise InferenceError(f"the grammar allows no continuation after {text[-60:]!r}",
                                 code="inference.grammar")
        self._last = out
        return out

    def _record(self, masked: Any, token: int) -> None:
        import numpy as np

        ok = np.isfinite(masked)
        n = int(ok.sum())
        if n > 1 and 0 <= token < len(masked):
            z = masked[ok] - masked[ok].max()
            p = float(np.exp(masked[token] - masked[ok].max()) / np.exp(z).sum())
            self.choices.append((p, n))

    def finish(self, stopped: bool) -> None:
        """Score the last choice: end of sequence when the generation ``stopped``."""
        if stopped and self._last is not None and self.eos:
            eos = [e for e in self.eos if e < len(self._last)]
            if eos:
                self._record(self._last, max(eos, key=lambda e: self._last[e]))
        self._last = None

    def confidence(self) -> float:
        """The least probability the model gave a token it chose where it had a choice (1.0: none)."""
        return min((p for p, _ in self.choices), default=1.0)

    def _token_lengths(self, n: int):
        import numpy as np

        if self._lens is None or len(self._lens) < n:
            lens = np.zeros(n, dtype=np.int64)
            for tid, s in self.vocab.text.items():
                if tid < n:
                    lens[tid] = len(s)
            self._lens = lens
        return self._lens

    def done(self, text: str) -> bool:
        st = self.automaton.walk(self.automaton.start, text)
        return self.automaton.accepting(st) and (self.check is None or self.check(text))


def regex_grammar(pattern: str) -> tuple[Predicate, Predicate]:
    """``viable``/``done`` predicates for a regular language (over the compiled automaton)."""
    a = RegexAutomaton(pattern)
    return a.viable, a.matches
