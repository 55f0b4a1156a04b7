"""Deterministic long conversations with questions and gold evidence turns, for `bench/recall.py`.

Each conversation has two or three speakers and a dozen or more sessions days apart. Most turns are
chit-chat built from templates that reuse the vocabulary of the facts (so a keyword alone does not find
the evidence); a few turns state facts about their speaker. Questions are paraphrased: they name the
speaker and share at most a word stem with the evidence, never its sentence. Question types:

- `single`: one turn states the fact;
- `multi`: two turns in different sessions are both needed;
- `speaker`: both speakers talk about the same topic; only the named speaker's turn is evidence;
- `latest`: a state that changes over time (a city, a job); the evidence is the newest statement, to be
  found as of the end of the conversation (time-dependent).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

NAMES = "Maria Tom Aiko Kwame Lucia Ravi Sofia Jonas Amara Diego Elena Farid".split()

# (topic, evidence template, question template, values). `{v}` is the value, `{name}` the speaker.
SINGLE = [
    (
        "pet",
        "We finally adopted a {v} puppy from the shelter last weekend!",
        "Which dog breed did {name} adopt from a shelter?",
        ["beagle", "corgi", "labrador", "dachshund", "greyhound"],
    ),
    (
        "instrument",
        "I've been practising the {v} every evening, my fingers hurt.",
        "What instrument has {name} been practicing in the evenings?",
        ["cello", "banjo", "saxophone", "ukulele"],
    ),
    (
        "book",
        "Just finished reading {v}, couldn't put it down.",
        "Which novel did {name} finish reading recently?",
        ["Dune", "Middlemarch", "Beloved", "Rebecca", "Ulysses"],
    ),
    (
        "race",
        "I ran my first {v} on Sunday, legs are still sore.",
        "What race did {name} run for the first time?",
        ["half marathon", "ultramarathon", "trail race", "10k charity run"],
    ),
    (
        "allergy",
        "Turns out I'm allergic to {v}, the doctor confirmed it.",
        "What is {name} allergic to, according to the doctor?",
        ["peanuts", "shellfish", "pollen", "penicillin"],
    ),
    (
        "trip",
        "Booked flights to {v} for our anniversary in spring.",
        "Where is {name} flying for the anniversary?",
        ["Lisbon", "Kyoto", "Marrakech", "Reykjavik", "Havana"],
    ),
    (
        "dish",
        "My signature dish is {v}, my grandmother taught me.",
        "What dish did {name}'s grandmother teach them to cook?",
        ["paella", "jollof rice", "pierogi", "moussaka"],
    ),
    (
        "car",
        "Sold the old hatchback and bought a {v}.",
        "What car did {name} buy after selling the hatchback?",
        ["vintage Volvo", "electric Kia", "pickup truck", "camper van"],
    ),
    (
        "sport",
        "Joined a {v} club at the community centre.",
        "Which club did {name} join?",
        ["fencing", "rowing", "badminton", "climbing", "judo"],
    ),
    (
        "degree",
        "I'm enrolling in a master's in {v} this autumn.",
        "What master's degree will {name} start in autumn?",
        ["marine biology", "architecture", "linguistics", "economics"],
    ),
]
# Two turns, different sessions: (topic, first, second, question, values)
MULTI = [
    (
        "garden",
        "Planted {v} seedlings in the backyard today.",
        "The {v} plants finally flowered, so proud.",
        "What did {name} plant in the backyard, and did the plants flower?",
        ["tomato", "sunflower", "lavender"],
    ),
    (
        "class",
        "Signed up for a {v} workshop on Thursdays.",
        "Our {v} teacher said my work improved a lot.",
        "Which Thursday workshop does {name} attend, and what did the teacher say?",
        ["pottery", "watercolour", "woodworking", "photography"],
    ),
    (
        "project",
        "Started building a {v} with my brother.",
        "The {v} is almost done, just painting left.",
        "What is {name} building with a brother, and is it done?",
        ["treehouse", "canoe", "bookshelf", "greenhouse"],
    ),
]
# Both speakers, same topic: (topic, template, question, values)
SPEAKER = [
    (
        "concert",
        "I went to the {v} concert last night, amazing!",
        "Which concert did {name} go to?",
        ["Coldplay", "Adele", "Radiohead", "Beyonce", "Metallica"],
    ),
    (
        "restaurant",
        "Tried that new {v} restaurant downtown, loved it.",
        "Which restaurant did {name} try downtown?",
        ["Ethiopian", "Peruvian", "Korean", "Lebanese", "Georgian"],
    ),
    (
        "movie",
        "Watched {v} again, still my favourite film.",
        "What is {name}'s favourite movie?",
        ["Casablanca", "Amelie", "Parasite", "Vertigo", "Spirited Away"],
    ),
]
# A changing state: (topic, first, change, question, values); the newest statement is the evidence.
LATEST = [
    (
        "city",
        "I'm living in {v} now, the rent is okay.",
        "We moved again, now living in {v}.",
        "Where is {name} living?",
        ["Denver", "Toronto", "Glasgow", "Lyon", "Osaka", "Perth"],
    ),
    (
        "job",
        "I'm working as a {v} at the moment.",
        "Quit my old job, working as a {v} now.",
        "What is {name} working as?",
        ["nurse", "paramedic", "barista", "teacher", "accountant", "carpenter"],
    ),
    (
        "partner",
        "I'm dating someone called {v}, it's going well.",
        "Broke up last month; now dating {v}.",
        "Who is {name} dating?",
        ["Sam", "Alex", "Jordan", "Robin", "Kai", "Noor"],
    ),
]
# Turns that share the questions' words without answering them, said by anyone, several times.
DISTRACTORS = {
    "pet": ["My neighbour wants to adopt a cat from the shelter.", "Dogs at the shelter look so sad."],
    "instrument": ["Practice makes perfect, right?", "Which instrument did you play as a kid?"],
    "book": ["I keep starting novels and never finish them.", "Reading before bed helps me sleep."],
    "race": ["The first time I tried running I hated it.", "There's a race in the park next month."],
    "allergy": ["The doctor says half the office is allergic to something.", "Is your kid allergic to milk?"],
    "trip": ["Flying is the worst part of any trip.", "Our anniversary dinner was a disaster, ha."],
    "dish": ["Grandmother's cooking is unbeatable.", "What dish should I bring to the party?"],
    "car": ["My hatchback broke down again.", "I'd never buy a car without a test drive."],
    "sport": ["The chess club meets on Fridays.", "Did you join the gym in the end?"],
    "degree": ["A master's degree costs a fortune now.", "Autumn always feels like a new start."],
    "garden": ["The backyard needs mowing badly.", "My plants never flower, I overwater them."],
    "class": ["Thursday is my busiest day.", "Our teacher at school was strict."],
    "project": ["My brother is building a shed.", "Is the kitchen renovation done yet?"],
    "concert": ["Concert tickets are crazy expensive.", "Want to go to a concert together?"],
    "restaurant": ["That restaurant downtown closed.", "Let's try somewhere new downtown."],
    "movie": ["What's your favourite movie of all time?", "That movie was way too long."],
    "city": ["Living in a big city is exhausting.", "My sister is living with her in-laws."],
    "job": ["Working from home is a blessing.", "I'm working late again tonight."],
    "partner": ["Dating in your thirties is weird.", "My cousin is dating a musician."],
}
FILLER = [
    "Haha, that sounds fun!",
    "How was your week?",
    "Not much, just work and sleep.",
    "Oh really? Tell me more.",
    "I know what you mean.",
    "That's great news, congrats!",
    "Ugh, Mondays.",
    "Same here, honestly.",
    "Did you see the weather today?",
    "I'm so tired lately.",
    "We should catch up properly soon.",
    "Have you ever thought about getting a dog?",
    "My cousin plays the cello, so loud.",
    "I should read more novels.",
    "Running is not for me, my knees say no.",
    "Anyone allergic in your family?",
    "Traveling is so expensive now.",
    "I can't cook to save my life.",
    "Cars are a money pit.",
    "I used to do sports in school.",
    "University was a long time ago for me.",
    "My garden is a mess.",
    "Workshops are a nice way to meet people.",
    "Building things is hard work.",
    "Concerts are so loud.",
    "Downtown restaurants are pricey.",
    "Movies these days are all sequels.",
    "Moving house is exhausting.",
    "Work has been crazy busy.",
    "Dating apps are the worst.",
    "The city is so noisy at night.",
    "Did your brother call you back?",
    "My grandmother visited last weekend.",
    "Sunday was lovely.",
    "I need a holiday in spring.",
    "The doctor said I should sleep more.",
    "Evening walks help me relax.",
    "What are you doing this autumn?",
    "Shelter animals need homes.",
    "Teachers are underpaid.",
]


@dataclass(frozen=True, slots=True)
class Turn:
    """One utterance: who, what, when, in which session, with a stable message id."""

    message_id: str
    session: str
    speaker: str
    text: str
    at: datetime


@dataclass(frozen=True, slots=True)
class Question:
    """A question about a conversation, its type, the turns that answer it, and when it is asked."""

    kind: str
    text: str
    evidence: tuple[str, ...]
    as_of: datetime


@dataclass(frozen=True, slots=True)
class Conversation:
    """A generated conversation and its questions."""

    name: str
    turns: tuple[Turn, ...]
    questions: tuple[Question, ...]


def generate(seed: int, *, sessions: int, turns_per_session: int) -> Conversation:
    """One conversation: speakers, sessions days apart, filler and fact turns, and questions."""
    rng = random.Random(seed)
    speakers = rng.sample(NAMES, 3 if seed % 2 else 2)
    start = datetime(2023, 1, 2, 9, tzinfo=UTC) + timedelta(days=rng.randrange(300))
    plan: dict[tuple[int, int], tuple[str, str]] = {}  # (session, slot) -> (speaker, text)
    questions: list[tuple[str, str, list[tuple[int, int]]]] = []
    slots = [(s, t) for s in range(sessions) for t in range(turns_per_session)]
    free = slots[:]
    rng.shuffle(free)

    def take(session_range: range) -> tuple[int, int]:
        for i, slot in enumerate(free):
            if slot[0] in session_range:
                return free.pop(i)
        raise ValueError("conversation too short for its facts")

    for speaker in speakers:
        for _topic, evidence, question, values in rng.sample(SINGLE, 6):
            slot = take(range(sessions))
            plan[slot] = (speaker, evidence.format(v=rng.choice(values)))
            questions.append(("single", question.format(name=speaker), [slot]))
        for _topic, first, second, question, values in rng.sample(MULTI, 2):
            value = rng.choice(values)
            a, b = take(range(sessions // 2)), take(range(sessions // 2 + 1, sessions))
            plan[a], plan[b] = (speaker, first.format(v=value)), (speaker, second.format(v=value))
            questions.append(("multi", question.format(name=speaker), [a, b]))
        for _topic, first, change, question, values in rng.sample(LATEST, 2):
            old, new = rng.sample(values, 2)
            a, b = take(range(sessions // 3)), take(range(2 * sessions // 3, sessions))
            plan[a], plan[b] = (speaker, first.format(v=old)), (speaker, change.format(v=new))
            questions.append(("latest", question.format(name=speaker), [b]))
    for _topic, template, question, values in SPEAKER:
        picked = rng.sample(values, len(speakers))
        for speaker, value in zip(speakers, picked, strict=False):
            slot = take(range(sessions))
            plan[slot] = (speaker, template.format(v=value))
            questions.append(("speaker", question.format(name=speaker), [slot]))

    for topic in sorted({entry[0] for entry in (*SINGLE, *MULTI, *SPEAKER, *LATEST)}):
        for sentence in DISTRACTORS[topic]:
            for _ in range(3):
                speaker = rng.choice(speakers)
                other = rng.choice([s for s in speakers if s != speaker])
                text = sentence if rng.random() < 0.5 else f"{sentence} What do you think, {other}?"
                plan[take(range(sessions))] = (speaker, text)

    turns: list[Turn] = []
    ids: dict[tuple[int, int], str] = {}
    day = start
    for s in range(sessions):
        day += timedelta(days=rng.randint(3, 12))
        for t in range(turns_per_session):
            speaker, text = plan.get((s, t)) or (speakers[t % len(speakers)], rng.choice(FILLER))
            ids[(s, t)] = f"c{seed}-s{s}-t{t}"
            turns.append(Turn(ids[(s, t)], f"c{seed}-s{s}", speaker, text, day + timedelta(minutes=2 * t)))
    end = turns[-1].at + timedelta(days=1)
    asked = tuple(Question(kind, text, tuple(ids[s] for s in evid), end) for kind, text, evid in questions)
    return Conversation(f"conversation-{seed}", tuple(turns), asked)


def corpus(count: int = 5, *, sessions: int = 20, turns_per_session: int = 24, first: int = 1) -> list[Conversation]:
    """`count` conversations of `sessions * turns_per_session` turns each, seeds `first` onwards.

    Seeds 1 to 5 are the reported held-out set; tune on others (`bench/recall.py --first-seed 101`).
    """
    return [
        generate(seed, sessions=sessions, turns_per_session=turns_per_session) for seed in range(first, first + count)
    ]
