"""The demo sales database of Aurora Devices: schema `demo_sales`, filled deterministically and idempotently.

The data covers the eight full quarters before the current one plus the current quarter up to today, with a
Q4 peak, yearly growth, a fast-growing product (Vista AR Glasses), a high-volume low-price one (Flex USB-C
Cable) and regional preferences, so that "top products by revenue" and "by units" give different answers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from psycopg import sql
from psycopg.rows import tuple_row
from psycopg_pool import AsyncConnectionPool

from cognicore.memory import clock

SCHEMA = "demo_sales"
SEED = 20160401  # fixed: the same day always produces the same data
SEED_LOCK_KEY = 0x64656D6F  # "demo": serialises concurrent seeders
FULL_QUARTERS = 8


@dataclass(frozen=True, slots=True)
class _Product:
    sku: str
    name: str
    category: str
    price: Decimal
    cost: Decimal
    launched: date  # as the demo product catalog (corpus/product-catalog.md) says
    weight: float  # relative chance of being on an order line
    qty: tuple[int, ...]  # quantities a consumer line picks from (uniformly)
    q4: float = 1.0  # extra holiday pull


CATEGORIES: dict[str, str] = {
    "Audio": "Earbuds, headphones and portable speakers.",
    "Wearables": "Smartwatches, fitness bands and AR glasses.",
    "Smart Home": "Connected lighting, cameras and doorbells.",
    "Accessories": "Chargers, power banks and cables.",
}

_D = Decimal
PRODUCTS: tuple[_Product, ...] = (
    _Product("AUD-100", "Aurora Buds Pro", "Audio", _D(149), _D(61), date(2017, 1, 1), 12, (1, 1, 1, 2)),
    _Product("AUD-200", "Aurora Studio Headphones", "Audio", _D(299), _D(128), date(2018, 6, 1), 5, (1,)),
    _Product("AUD-300", "Pulse Mini Speaker", "Audio", _D(79), _D(34), date(2019, 11, 1), 8, (1, 1, 2), 1.8),
    _Product("WEA-100", "Orbit Smartwatch", "Wearables", _D(249), _D(112), date(2020, 4, 1), 10, (1, 1, 1, 2)),
    _Product("WEA-200", "Orbit Fitness Band", "Wearables", _D(99), _D(38), date(2021, 9, 1), 7, (1, 1, 2)),
    _Product("WEA-300", "Vista AR Glasses", "Wearables", _D(499), _D(263), date(2025, 1, 1), 9, (1,)),
    _Product("SMH-100", "Lumen Smart Bulb 4-Pack", "Smart Home", _D(59), _D(22), date(2017, 7, 1), 10, (1, 2, 3, 4)),
    _Product("SMH-200", "Haven Security Camera", "Smart Home", _D(179), _D(74), date(2018, 12, 1), 5, (1, 1, 2)),
    _Product("SMH-300", "Haven Video Doorbell", "Smart Home", _D(199), _D(83), date(2019, 5, 1), 4, (1,)),
    _Product("ACC-100", "Volt Charging Dock", "Accessories", _D(49), _D(17), date(2020, 10, 1), 6, (1, 1, 2)),
    _Product("ACC-200", "Volt Power Bank 20K", "Accessories", _D(69), _D(27), date(2021, 3, 1), 7, (1, 1, 2)),
    _Product(
        "ACC-300",
        "Flex USB-C Cable 3-Pack",
        "Accessories",
        _D(25),
        _D("7.50"),
        date(2022, 8, 1),
        18,
        (1, 2, 3, 4, 5),
    ),
)
# The Orbit Fitness Band launched at $129; its price was cut to $99 in June 2024 (see the catalog).
PRICE_HISTORY: dict[str, tuple[date, Decimal]] = {"WEA-200": (date(2024, 6, 1), _D(129))}
VISTA_SKU = "WEA-300"

# (name, code, share of orders, category preference multipliers)
REGIONS: tuple[tuple[str, str, float, dict[str, float]], ...] = (
    ("North America", "NA", 0.40, {"Smart Home": 1.2}),
    ("Europe", "EU", 0.30, {"Audio": 1.15, "Smart Home": 0.9}),
    ("Asia Pacific", "APAC", 0.20, {"Wearables": 1.4, "Smart Home": 0.7}),
    ("Latin America", "LATAM", 0.10, {"Accessories": 1.3, "Wearables": 0.8}),
)
CHANNELS: tuple[tuple[str, float], ...] = (("online", 0.55), ("retail", 0.30), ("partner", 0.15))
SEGMENTS = ("consumer", "small_business", "enterprise")
_QUARTER_SEASON = {1: 0.85, 2: 0.9, 3: 1.0, 4: 1.45}  # holiday peak in Q4
_ORDERS_PER_DAY = 11.0
_YEARLY_GROWTH = 0.12

DDL = f"""
CREATE SCHEMA IF NOT EXISTS {SCHEMA};
CREATE TABLE {SCHEMA}.categories (
    category_id smallint PRIMARY KEY,
    name text NOT NULL UNIQUE,
    description text NOT NULL
);
CREATE TABLE {SCHEMA}.products (
    product_id smallint PRIMARY KEY,
    sku text NOT NULL UNIQUE,
    name text NOT NULL UNIQUE,
    category_id smallint NOT NULL REFERENCES {SCHEMA}.categories,
    unit_price numeric(10, 2) NOT NULL,
    unit_cost numeric(10, 2) NOT NULL,
    launched_on date NOT NULL
);
CREATE TABLE {SCHEMA}.regions (
    region_id smallint PRIMARY KEY,
    code text NOT NULL UNIQUE,
    name text NOT NULL UNIQUE
);
CREATE TABLE {SCHEMA}.orders (
    order_id integer PRIMARY KEY,
    ordered_at date NOT NULL,
    region_id smallint NOT NULL REFERENCES {SCHEMA}.regions,
    channel text NOT NULL CHECK (channel IN ('online', 'retail', 'partner')),
    customer_segment text NOT NULL CHECK (customer_segment IN ('consumer', 'small_business', 'enterprise'))
);
CREATE TABLE {SCHEMA}.order_items (
    order_id integer NOT NULL REFERENCES {SCHEMA}.orders,
    line_no smallint NOT NULL,
    product_id smallint NOT NULL REFERENCES {SCHEMA}.products,
    quantity integer NOT NULL CHECK (quantity > 0),
    unit_price numeric(10, 2) NOT NULL,
    discount numeric(4, 3) NOT NULL DEFAULT 0 CHECK (discount >= 0 AND discount < 1),
    revenue numeric(12, 2) GENERATED ALWAYS AS (round(quantity * unit_price * (1 - discount), 2)) STORED,
    PRIMARY KEY (order_id, line_no)
);
CREATE INDEX orders_ordered_at_idx ON {SCHEMA}.orders (ordered_at);
CREATE INDEX order_items_product_idx ON {SCHEMA}.order_items (product_id);
"""

# Read by the SQL writer (through the schema description database_query builds), so written for it.
COMMENTS: dict[str, str] = {
    "": "Sales of Aurora Devices (consumer electronics): products, regions, orders.",
    "categories": "Product categories: Audio, Wearables, Smart Home, Accessories.",
    "categories.name": "Category name, e.g. 'Audio'.",
    "products": "The product catalogue, one row per product.",
    "products.sku": "Stock keeping unit, e.g. 'AUD-100'.",
    "products.name": "Product name, e.g. 'Aurora Buds Pro'.",
    "products.unit_price": "Current list price in USD.",
    "products.unit_cost": "Cost of one unit in USD; margin = revenue - quantity * unit_cost.",
    "products.launched_on": "Date the product went on sale.",
    "regions": "Sales regions.",
    "regions.code": "Region code: NA, EU, APAC or LATAM.",
    "regions.name": "Region name: North America, Europe, Asia Pacific or Latin America.",
    "orders": "Customer orders, one row per order; the lines are in order_items.",
    "orders.ordered_at": "Date the order was placed; quarter: date_trunc('quarter', ordered_at).",
    "orders.channel": "Sales channel: online, retail or partner.",
    "orders.customer_segment": "Customer segment: consumer, small_business or enterprise.",
    "order_items": "Order lines: which product, how many units, at what price and discount.",
    "order_items.quantity": "Units sold on this line.",
    "order_items.unit_price": "Price of one unit on this order in USD, before discount.",
    "order_items.discount": "Discount as a fraction (0.10 = 10 %).",
    "order_items.revenue": "Net revenue of the line in USD: quantity * unit_price * (1 - discount).",
}


def _comment_statements() -> list[sql.Composed]:
    out = []
    for target, text in COMMENTS.items():
        parts = [SCHEMA, *target.split(".")] if target else [SCHEMA]
        kind = {1: "SCHEMA", 2: "TABLE", 3: "COLUMN"}[len(parts)]
        out.append(sql.SQL("COMMENT ON {} {} IS {}").format(sql.SQL(kind), sql.Identifier(*parts), sql.Literal(text)))
    return out


_COPY_ORDERS = f"COPY {SCHEMA}.orders (order_id, ordered_at, region_id, channel, customer_segment) FROM STDIN"
_COPY_ITEMS = f"COPY {SCHEMA}.order_items (order_id, line_no, product_id, quantity, unit_price, discount) FROM STDIN"


def quarter_start(day: date) -> date:
    """First day of the quarter containing `day`."""
    return date(day.year, 3 * ((day.month - 1) // 3) + 1, 1)


def _add_quarters(day: date, n: int) -> date:
    months = day.year * 12 + day.month - 1 + 3 * n
    return date(months // 12, months % 12 + 1, 1)


def data_window(today: date) -> tuple[date, date]:
    """First and last order date: eight full quarters before the current one, then up to `today`."""
    return _add_quarters(quarter_start(today), -FULL_QUARTERS), today


def generate(today: date) -> tuple[list[tuple], list[tuple], list[tuple], list[tuple], list[tuple]]:
    """All demo rows (categories, products, regions, orders, order items) for a seed day; pure."""
    rng = random.Random(SEED)
    start, end = data_window(today)
    vista_launch = next(p.launched for p in PRODUCTS if p.sku == VISTA_SKU)
    categories = [(i, name, desc) for i, (name, desc) in enumerate(CATEGORIES.items(), 1)]
    cat_ids = {name: i for i, name, _ in categories}
    products = [(i, p.sku, p.name, cat_ids[p.category], p.price, p.cost, p.launched) for i, p in enumerate(PRODUCTS, 1)]
    regions = [(i, code, name) for i, (name, code, _, _) in enumerate(REGIONS, 1)]
    region_ids = list(range(1, len(REGIONS) + 1))
    region_shares = [share for _, _, share, _ in REGIONS]
    channel_names = [c for c, _ in CHANNELS]
    channel_shares = [s for _, s in CHANNELS]
    span = max((end - vista_launch).days, 1)

    orders: list[tuple] = []
    items: list[tuple] = []
    order_id = 0
    day = start
    while day <= end:
        years_in = (day - start).days / 365.25
        season = _QUARTER_SEASON[(day.month - 1) // 3 + 1]
        expected = _ORDERS_PER_DAY * season * (1 + _YEARLY_GROWTH) ** years_in
        if day.weekday() >= 5:
            expected *= 1.2  # weekend shoppers
        # Vista AR Glasses ramp up from launch to today.
        vista = 0.0 if day < vista_launch else 1.5 + 7.5 * (day - vista_launch).days / span
        q4 = day.month >= 10
        weights_by_region = [
            [
                (vista if p.sku == VISTA_SKU else p.weight * (p.q4 if q4 else 1.0)) * prefs.get(p.category, 1.0)
                if day >= p.launched
                else 0.0
                for p in PRODUCTS
            ]
            for _, _, _, prefs in REGIONS
        ]
        for _ in range(max(0, round(rng.gauss(expected, expected**0.5)))):
            order_id += 1
            region = rng.choices(region_ids, region_shares)[0]
            channel = rng.choices(channel_names, channel_shares)[0]
            if channel == "partner":
                segment = rng.choice(("small_business", "enterprise"))
            else:
                segment = rng.choices(SEGMENTS, (0.85, 0.12, 0.03))[0]
            orders.append((order_id, day, region, channel, segment))
            items += _order_lines(rng, order_id, day, channel, segment, weights_by_region[region - 1])
        day += timedelta(days=1)
    return categories, products, regions, orders, items


def _order_lines(
    rng: random.Random, order_id: int, day: date, channel: str, segment: str, weights: list[float]
) -> list[tuple]:
    count = rng.choices((1, 2, 3, 4), (0.55, 0.28, 0.12, 0.05))[0]
    picked = dict.fromkeys(rng.choices(range(len(PRODUCTS)), weights, k=count))  # distinct, in order
    lines = []
    for line_no, idx in enumerate(picked, 1):
        product = PRODUCTS[idx]
        qty = rng.choice(product.qty)
        if segment != "consumer":
            qty *= rng.choice((2, 3, 5))  # business buyers order in bulk
        lines.append((order_id, line_no, idx + 1, qty, _price(product, day), _discount(rng, day, channel)))
    return lines


def _price(product: _Product, day: date) -> Decimal:
    if product.sku in PRICE_HISTORY:
        until, earlier = PRICE_HISTORY[product.sku]
        if day < until:
            return earlier
    return product.price


def _discount(rng: random.Random, day: date, channel: str) -> Decimal:
    promo = 0.35 if day.month in (11, 12) else 0.12  # holiday promotions
    if channel == "partner":
        return Decimal("0.150")
    if rng.random() < promo:
        return rng.choice((Decimal("0.050"), Decimal("0.100"), Decimal("0.200")))
    return Decimal("0.000")


async def seed_sales(pool: AsyncConnectionPool, *, today: date | None = None) -> int:
    """Create and fill `demo_sales` up to `today` (default: the deployment clock's); 0 rows when already seeded."""
    async with pool.connection() as conn, conn.transaction():
        # One transaction under an advisory lock: a racing process waits, then sees the tables.
        await conn.execute("SELECT pg_advisory_xact_lock(%s)", (SEED_LOCK_KEY,))
        async with conn.cursor(row_factory=tuple_row) as probe:
            await probe.execute("SELECT to_regclass(%s) IS NOT NULL", (f"{SCHEMA}.order_items",))
            row = await probe.fetchone()
        if row and row[0]:
            return 0
        categories, products, regions, orders, items = generate(today or clock.today())
        await conn.execute(DDL)  # type: ignore[arg-type]  # trusted, static SQL
        await conn.execute(sql.SQL(";\n").join(_comment_statements()))
        async with conn.cursor() as c:
            await c.executemany(
                f"INSERT INTO {SCHEMA}.categories (category_id, name, description) VALUES (%s, %s, %s)",
                categories,
            )
            await c.executemany(
                f"INSERT INTO {SCHEMA}.products (product_id, sku, name, category_id, unit_price, unit_cost, "
                "launched_on) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                products,
            )
            await c.executemany(f"INSERT INTO {SCHEMA}.regions (region_id, code, name) VALUES (%s, %s, %s)", regions)
            for statement, rows in ((_COPY_ORDERS, orders), (_COPY_ITEMS, items)):
                async with c.copy(statement) as copy:  # type: ignore[arg-type]
                    for r in rows:
                        await copy.write_row(r)
            # Fresh statistics: good plans at once, and the value lists database_query shows the writer.
            for table in ("categories", "products", "regions", "orders", "order_items"):
                await c.execute(f"ANALYZE {SCHEMA}.{table}")  # type: ignore[arg-type]
    return len(categories) + len(products) + len(regions) + len(orders) + len(items)
