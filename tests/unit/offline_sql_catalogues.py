"""Catalogues shaped like the demo's sales schema and the support desk's tickets, for mapper unit tests."""

from __future__ import annotations

from cognicore.subagents.offline_sql import Catalogue, Column, Join, Table

S = "demo_sales"


def _c(table: str, name: str, kind: str, **kw: object) -> Column:
    return Column(table=f"{S}.{table}" if "." not in table else table, name=name, kind=kind, **kw)  # type: ignore[arg-type]


REGIONS = ("Asia Pacific", "Europe", "Latin America", "North America")
PRODUCTS = (
    "Aurora Buds Pro", "Aurora Studio Headphones", "Pulse Mini Speaker", "Orbit Smartwatch", "Orbit Fitness Band",
    "Vista AR Glasses", "Lumen Smart Bulb 4-Pack", "Haven Security Camera", "Haven Video Doorbell",
    "Volt Charging Dock", "Volt Power Bank 20K", "Flex USB-C Cable 3-Pack",
)  # fmt: skip

SALES = Catalogue(
    tables=(
        Table(f"{S}.categories", (
            _c("categories", "category_id", "numeric", primary_key=True),
            _c("categories", "name", "text", unique=True, values=("Accessories", "Audio", "Smart Home", "Wearables")),
            _c("categories", "description", "text"),
        ), 4),
        Table(f"{S}.products", (
            _c("products", "product_id", "numeric", primary_key=True),
            _c("products", "sku", "text", unique=True, values=("ACC-100", "AUD-100", "WEA-300")),
            _c("products", "name", "text", unique=True, values=PRODUCTS),
            _c("products", "category_id", "numeric", foreign_key=f"{S}.categories"),
            _c("products", "unit_price", "numeric"),
            _c("products", "unit_cost", "numeric"),
            _c("products", "launched_on", "date"),
        ), 12),
        Table(f"{S}.regions", (
            _c("regions", "region_id", "numeric", primary_key=True),
            _c("regions", "code", "text", unique=True, values=("APAC", "EU", "LATAM", "NA")),
            _c("regions", "name", "text", unique=True, values=REGIONS),
        ), 4),
        Table(f"{S}.orders", (
            _c("orders", "order_id", "numeric", primary_key=True),
            _c("orders", "ordered_at", "date"),
            _c("orders", "region_id", "numeric", foreign_key=f"{S}.regions"),
            _c("orders", "channel", "text", values=("online", "partner", "retail")),
            _c("orders", "customer_segment", "text", values=("consumer", "enterprise", "small_business")),
        ), 40000),
        Table(f"{S}.order_items", (
            _c("order_items", "order_id", "numeric", primary_key=True, foreign_key=f"{S}.orders"),
            _c("order_items", "line_no", "numeric", primary_key=True),
            _c("order_items", "product_id", "numeric", foreign_key=f"{S}.products"),
            _c("order_items", "quantity", "numeric"),
            _c("order_items", "unit_price", "numeric"),
            _c("order_items", "discount", "numeric"),
            _c("order_items", "revenue", "numeric"),
        ), 90000),
    ),
    joins=(
        Join(f"{S}.products", "category_id", f"{S}.categories", "category_id"),
        Join(f"{S}.orders", "region_id", f"{S}.regions", "region_id"),
        Join(f"{S}.order_items", "order_id", f"{S}.orders", "order_id"),
        Join(f"{S}.order_items", "product_id", f"{S}.products", "product_id"),
    ),
)  # fmt: skip

T = "support_desk.tickets"
# Every title the plugin's tickets have (examples/support_desk data.py): the catalogue lists all of a column's values
TITLES = tuple(
    f"{c}: {s}"
    for c in ("Email", "Laptop", "Payroll app", "Printer", "VPN", "Wi-Fi")
    for s in ("cannot connect", "slow", "error on start", "access denied")
    if (c, s) in {("Email", "access denied"), ("Email", "slow"), ("Laptop", "cannot connect"),
                  ("Laptop", "error on start"), ("Payroll app", "cannot connect"), ("Payroll app", "error on start"),
                  ("Printer", "access denied"), ("Printer", "slow"), ("VPN", "cannot connect"),
                  ("VPN", "error on start"), ("Wi-Fi", "access denied"), ("Wi-Fi", "slow")}
)  # fmt: skip
TICKETS = Catalogue(
    tables=(
        Table(T, (
            Column(T, "ticket_id", "text", primary_key=True, values=tuple(f"INC-{1001 + i}" for i in range(18))),
            Column(T, "title", "text", values=TITLES),
            Column(T, "component", "text", values=("Email", "Laptop", "Payroll app", "Printer", "VPN", "Wi-Fi")),
            Column(T, "priority", "text", values=("P1", "P2", "P3", "P4")),
            Column(T, "status", "text", values=("closed", "in_progress", "open")),
            Column(T, "opened_at", "date"),
            Column(T, "assignee", "text", values=("ana", "ben", "chloe")),
        ), 18),
    ),
)  # fmt: skip
