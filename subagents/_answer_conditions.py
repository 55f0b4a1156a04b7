"""Which stated rule decides the case a question describes: a limit about the asked figure, an exception naming the
case over the general rule, and the comparison of the asked figure with the limit ("85% is not below 80%")."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cognicore.memory.text import STOPWORDS, stem, terms, words
from cognicore.subagents._answer_checks import bound_matches, figure_kind, holds_figure
from cognicore.subagents._passage_units import Unit
from cognicore.subagents._question_numbers import NUMBER_WORDS, number_units, unit_words, with_digits

# Words that place a figure in time or against a limit: "20 days after delivery" is about delivery, not "after".
TIME_WORDS = frozenset("within until before after during since minute hour day week month year".split())
_NEGATOR = re.compile(
    r"\b(?:not|no|never|non|nothing|none|neither|nor|without|unless|except|isn't|aren't|wasn't|doesn't|don't|didn't)\b"
)
_CLAUSE_END = re.compile(r"[,;:.?!()]|\b(?:and|but|or|so|then|if|when|while|because)\b")
_DIGIT = re.compile(r"\d")
_PARTICLES = frozenset({"back", "away"})  # "send back", "go back": the verb says what is done, not the particle
_CODE = re.compile(r"^[a-z]+\d+$")
NEGATED_SPAN = 3  # content words a negation reaches: "not defective", "no longer under warranty"


def negated(text: str) -> frozenset[str]:
    """The stems a negation in `text` denies ("not defective" -> defect...), up to the end of its clause."""
    low = text.lower()
    found: set[str] = set()
    for m in _NEGATOR.finditer(low):
        rest = low[m.end() :]
        end = _CLAUSE_END.search(rest)
        span = [w for w in words(rest[: end.start() if end else len(rest)]) if w not in STOPWORDS]
        found.update(stem(w) for w in span[:NEGATED_SPAN])
    return frozenset(found)


def _plain(text: str) -> frozenset[str]:
    """The content stems of `text` that are neither numbers nor words of time and limits."""
    units = {stem(w) for w in unit_words(text)} | _PARTICLES
    # A code ("P2", "Q3") names a case, as a word does; a bare number is a figure.
    return frozenset(
        t for t in terms(text) if (_CODE.match(t) or not re.search(r"\d", t)) and t not in TIME_WORDS and t not in units
    )


_ANCHOR = re.compile(r"\b(?:after|before|since|once|until|from|when|while)\b", re.I)
_ASIDE_BEFORE = re.compile(r"\([^()]*\)\s*$")


def _bound_clause(text: str, start: int, end: int) -> str:
    """What a limit is said of: its clause of `text`, without the point its time counts from ("Refunds go back ...
    within 5 business days" is said of refunds, not of "after the returned product arrives")."""
    before = text[:start]
    # "P2 (one team blocked) within 8 hours": an aside between the case and its limit belongs to the case's clause
    if aside := _ASIDE_BEFORE.search(before):
        before = before[: aside.start()]
    left = max((m.end() for m in re.finditer(r"[,;:()]", before)), default=0)
    right = re.search(r"[,;:()]", text[end:])
    after = text[end : end + right.start() if right else len(text)]
    anchor = _ANCHOR.search(after)
    return f"{text[left:start]} {after[: anchor.start() if anchor else len(after)]}"


MIN_SHARED_STEM = 4  # "waiv" and "waiver", "approv" and "approval": one word's forms


def _shares(said: frozenset[str], asked: frozenset[str]) -> bool:
    """True when a stem of `said` is one of `asked` or a form of it (one starts with the other)."""
    return any(
        a == b or (min(len(a), len(b)) >= MIN_SHARED_STEM and (a.startswith(b) or b.startswith(a)))
        for a in said
        for b in asked
    )


_FIGURE = re.compile(
    r"[$€£]?\s?\d[\d.,]*\s?(?:%|percent\b|(?:business\s+)?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\b)?",
    re.I,
)
_TOKEN = re.compile(r"[A-Za-z][\w'-]*|[,;:.?!]")
WORD_REACH = 2  # words on either side of a figure that may be what it counts


def _beside_figures(question: str) -> str:
    """The question without its figures and the word each counts ("my $70 order showed up broken" -> "my showed up
    broken"): what is asked of the figure, not what the figure counts."""
    out = question
    for m in reversed(list(_FIGURE.finditer(question))):
        if not number_units(m.group(0)):
            continue
        after = list(_TOKEN.finditer(out, m.end()))[:WORD_REACH]
        after = after[: next((i for i, t in enumerate(after) if not t.group(0)[0].isalpha()), len(after))]
        cut = next((t for t in after if _content(t.group(0))), None)
        out = f"{out[: m.start()]} {out[cut.end() if cut else m.end() :]}"
    return out


def _content(word: str) -> bool:
    return word.lower() not in STOPWORDS and stem(word.lower()) not in TIME_WORDS


def about_figure(question: str, text: str, related: frozenset[str] = frozenset()) -> bool:
    """True when a limit `text` states in the unit of the question's figure is said of something the question asks
    of it ("battery capacity falling below 80%" for "holds 85% ... covered by the warranty?"; not "kept the gross
    margin above 55%", nor "free on orders of $50 or more" for "my $70 order showed up broken"). `related`: the
    documents' words for the asked ones ("return" for "send back")."""
    text = with_digits(text)
    asked = _plain(_beside_figures(question)) | related
    kinds = {figure_kind(tag) for tag in number_units(question).values()}
    for m, tags in bound_matches(text):
        if {figure_kind(t) for t in tags} & kinds and _shares(_plain(_bound_clause(text, m.start(), m.end())), asked):
            return True
    return False


def _directions(question: str, text: str) -> frozenset[str]:
    """The sides of the limits `text` states in the unit of the question's figure: "most" (within, up to, below),
    "least" (over, or more), "range" (between)."""
    text = with_digits(text)
    kinds = {figure_kind(tag) for tag in number_units(question).values()}
    found = set()
    for m, tags in bound_matches(text):
        if {figure_kind(t) for t in tags} & kinds:
            word = m.group(0).lower()
            if word.startswith("between"):
                found.add("range")
            elif re.match(r"(?:up to|within|at most|no more than|not more than|under|below|less than|before)\b", word):
                found.add("most")
            else:
                found.add("least")
    return frozenset(found)


TIE = 1e-6
OPEN_CASE = "-"  # an exception as specific as the rule: the case's condition is not said


@dataclass(frozen=True, slots=True)
class Decision:
    """The sentences whose limit decides the question's case, and the rules they override for it."""

    decisive: frozenset[int]  # id() of the units
    overridden: frozenset[int]
    about: frozenset[int] = frozenset()  # every limit said of what the question names
    unstated: str = ""  # a condition of the exception the question does not say ("used" for "gloves")


def decide_case(
    question: str,
    units: Sequence[Unit],
    holds: set[int],
    concepts: Sequence[tuple[frozenset[str], float]],
    average: float,
) -> Decision:
    """The rule of the case: among the limits on the asked figure that are said of what the question names, the ones
    holding it, unless a limit of the same side names something specific of the question that none of them names
    ("used gloves ... 20 days": "gloves ... within 15 days" over "any product ... within 30 days").

    A sentence whose condition the question denies ("that are defective" for "not defective") is no rule of it."""
    denied = denied_concepts(question, [c for c, _ in concepts])
    kept = {stem(w) for w in words(_beside_figures(question))}
    related = frozenset().union(*(c for c, _ in concepts if c & kept))
    bounded = [u for u in units if _directions(question, u.text) and about_figure(question, u.text, related)]
    if not bounded:
        return Decision(frozenset(holds), frozenset())
    about = {id(u) for u in bounded}
    contradicted = {id(u) for u in bounded if is_contradicted(u, denied)}
    rules = [u for u in bounded if id(u) in holds and id(u) not in contradicted]
    if not rules:  # "85%" and "below 80%": no limit said of the case holds it; another topic's limit is no rule
        return _exception_holding(question, bounded, contradicted, concepts, average, denied) or Decision(
            frozenset(), frozenset(contradicted), frozenset(about)
        )

    # What a rule names of the case, not of its figure ("after", "days") nor what the case denies.
    named = [
        (c, w) for c, w in concepts if not c & denied and not c <= TIME_WORDS and not any(_DIGIT.search(t) for t in c)
    ]

    def specificity(u: Unit) -> float:
        return sum(weight for c, weight in named if c & (u.terms | u.lead))

    # An exception names more of the case than every rule holding the figure ("used gloves" beside "opened
    # products"); a rule naming as much ("opened headphones that are defective ... 30 days") still decides, and one
    # naming just as much as a rival of the same side leaves the case open.
    most = max(specificity(u) for u in rules)
    sides = frozenset().union(*(_directions(question, u.text) for u in rules)) - {"range"}
    rivals = [
        u for u in bounded if id(u) not in holds and id(u) not in contradicted and _directions(question, u.text) & sides
    ]
    exceptions = [u for u in rivals if specificity(u) > most + TIE] or [
        u for u in rivals if specificity(u) > most - TIE
    ]
    if not exceptions:  # the rule naming most of the case leads ("opened headphones ... 15 days" for 2 weeks)
        top = frozenset(id(u) for u in rules if specificity(u) > most - TIE)
        return Decision(top, frozenset(contradicted), frozenset(about))
    asked = {stem(w) for w in words(question)} | frozenset().union(*(c for c, _ in concepts))
    unsaid = [
        _modifier(u, [c for c, weight in concepts if weight > average and c & (u.terms | u.lead) and not c & denied])
        for u in exceptions
    ]
    unsaid = [w for w in unsaid if w and stem(w) not in asked and w not in asked]
    if specificity(exceptions[0]) <= most + TIE:  # as specific as a rule: which one applies is not said
        unstated = unsaid[0] if unsaid else OPEN_CASE
    else:
        unstated = unsaid[0] if len(unsaid) == len(exceptions) else ""
    overridden = frozenset(holds) | frozenset(contradicted)
    return Decision(frozenset(id(u) for u in exceptions), overridden, frozenset(about), unstated)


def _exception_holding(
    question: str,
    bounded: Sequence[Unit],
    contradicted: set[int],
    concepts: Sequence[tuple[frozenset[str], float]],
    average: float,
    denied: frozenset[str],
) -> Decision | None:
    """When no limit said of the named subject holds the figure ("day 20" and "within 15 days" for opened
    headphones), a limit that holds it and names a specific condition of the question no other limit names
    ("Opened headphones that are defective ... within the full 30 days" for "defective opened headphones") is the
    exception deciding the case; None when there is no such one."""
    kept = [u for u in bounded if id(u) not in contradicted]
    holding = [u for u in kept if holds_figure(question, u.text)]
    failing = [u for u in kept if u not in holding]
    if not holding or not failing:
        return None
    said_by_failing = frozenset().union(*(c for c, _ in concepts for u in failing if c & (u.terms | u.lead)))
    specific = [
        (c, w)
        for c, w in concepts
        if w > average and not c & denied and not c & said_by_failing and not any(_DIGIT.search(t) for t in c)
    ]
    deciding = [u for u in holding if any(c & (u.terms | u.lead) for c, _ in specific)]
    if not deciding:
        return None
    about = frozenset(id(u) for u in bounded)
    return Decision(frozenset(id(u) for u in deciding), frozenset(id(u) for u in failing) | contradicted, about)


_ITEM_BEFORE = re.compile(r"([A-Za-z][\w-]*)\s*(?:,|\band\b|\bor\b)\s*$")
_MODIFIER = re.compile(r"(?:^|\s)((?:un)?[a-z]+ed|un[a-z]+)\s+$", re.I)


def _modifier(u: Unit, specific: Sequence[frozenset[str]]) -> str:
    """The condition written before the specific thing an exception names ("opened" in "Opened headphones and
    gloves"), in the sentence or its heading; '' when the thing stands bare."""
    for text in (u.text, u.heading):
        for m in re.finditer(r"[A-Za-z][\w-]*", text):
            if not any(stem(m.group(0).lower()) in c for c in specific):
                continue
            before = text[: m.start()]
            while item := _ITEM_BEFORE.search(before):  # "helmets and gloves": the list's first item
                before = before[: item.start(1)]
            if said := _MODIFIER.search(before):
                return said.group(1).lower()
            return ""
    return ""


def depends(condition: str, rules: Sequence[Unit], exceptions: Sequence[Unit]) -> str:
    """The honest answer when the exception that would decide has a condition the question does not state."""
    quoted = " and ".join(f'"{u.text}"' for u in [*exceptions[:1], *rules[:1]])
    which = "on details of the case" if condition == OPEN_CASE else f"on whether it is {condition}"
    return (
        f"It depends {which}, which the question does not say: the documents state {quoted}. "
        "I am not sure which of them applies."
    )


def comparison(question: str, text: str) -> str:
    """The asked figure set against the limit the sentence states for it ("85% is not below 80%."), or ''. Of several
    limits in one sentence ("P1 ... within 4 hours, P2 ... within 8 hours"), only the one whose clause names a word
    of the question no other names is compared; none, when that is not one."""
    text = with_digits(text)
    figures = number_units(question)
    asked = _plain(_beside_figures(question))
    kinds = {figure_kind(tag): tag for tag in figures.values()}
    limits = []
    for m, tags in bound_matches(text):
        kind = next((figure_kind(t) for t in tags if figure_kind(t) in kinds), None)
        clause = _plain(_bound_clause(text, m.start(), m.end()))
        if kind is not None and _shares(clause, asked) and holds_figure(question, m.group(0)) is not None:
            # the words from the clause's start to the limit, asides included: "P2 (one team blocked) within 8 hours"
            left = max((c.end() for c in re.finditer(r"[,;:]", text[: m.start()])), default=0)
            limits.append((m, kind, frozenset(words(text[left : m.start()]))))
    if len(limits) > 1:
        typed = set(words(question))
        own = [(m, k, c) for m, k, c in limits if c & typed - frozenset().union(*(o for _, _, o in limits if o != c))]
        # a case's code the question names ("T2") picks its limit over a word another case's aside shares ("power")
        coded = [(m, k, c) for m, k, c in own if any(_CODE.match(w) for w in c & typed)]
        limits = own if len(own) == 1 else coded if len(coded) == 1 else []
    if not limits:
        return ""
    m, kind, _ = limits[0]
    verdict = holds_figure(question, m.group(0))
    said = _said(question, kinds[kind])
    limit = m.group(0) if m.group("before") else _LIMIT.match(m.group(0)).group(0)  # type: ignore[union-attr]
    return f"{said[0].upper()}{said[1:]} is {'' if verdict else 'not '}{' '.join(limit.split())}."


_LIMIT = re.compile(r".*?\d[\d.,]*(?:\s?%|\s?(?:business\s+)?(?:minutes?|hours?|days?|weeks?|months?|years?)\b)?", re.I)


def _said(question: str, tag: str) -> str:
    """The asked figure as the question writes it ("85%", "$420", "20 days", "week 3")."""
    value = re.sub(r"[^\d.]", "", tag)
    spelled = [w for w, n in NUMBER_WORDS.items() if str(n) == value]
    number = "|".join([re.escape(value), *spelled])
    unit = r"(?:\s?%|\s?(?:business\s+)?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\b)?"
    m = re.search(rf"\b(?:day|week|month|year)\s+(?:{number})\b", question, re.I) or re.search(
        rf"[$€£]?\s?\b(?:{number}){unit}", question, re.I
    )
    return m.group(0).strip() if m else tag


LIMIT_SHARE = 0.5  # of the best sentence's score, the least a sentence stating the case's limit needs to go first


def limit_first(
    chosen: list[Unit], ranked: list[Unit], decision: Decision, score: Callable[[Unit], float], *, most: int
) -> list[Unit]:
    """The chosen sentences led by one stating the limit of the asked figure: "holds 85%, covered?" is decided by
    "below 80%" (said of every device), not by a sentence on another condition of cover that names the product. A
    limit already chosen goes first; else the best ranked one is added when it scores near the best sentence."""
    if not chosen or id(chosen[0]) in decision.about:
        return chosen
    wanted = decision.decisive & decision.about or decision.about
    said = next((u for u in chosen if id(u) in wanted), None)
    if said is None:
        said = next((u for u in ranked if id(u) in wanted), None)
        if said is None or score(said) < LIMIT_SHARE * score(ranked[0]):
            return chosen
    return [said, *(u for u in chosen if u is not said)][:most]


# A list of names, each maybe with its abbreviation: "Inner Isles (II), Outer Isles (OI) and Northern Isles".
def denied_concepts(question: str, concepts: Sequence[frozenset[str]]) -> frozenset[str]:
    """The stems the question denies with their synonyms ("not faulty": faulty, defective, broken ...)."""
    said = negated(question)
    return said.union(*(c for c in concepts if c & said))


def is_contradicted(u: Unit, denied: frozenset[str]) -> bool:
    """Does the sentence state its rule for a case the question denies ("Opened headphones that are defective ..."
    for "... not faulty")? A condition it negates itself ("unless it is defective") is no such case."""
    return bool((frozenset(terms(u.text)) - negated(u.text)) & denied)
