"""Generate roads_to_stalingrad/data/map.toml from geography (run once; the TOML is the data).

Areas are the cells of an offset hex grid laid over longitude/latitude; a cell whose
centre lies in the sea is dropped. A real place gives each cell its name. A border is a
river border when the segment between the two cell centres crosses that river's course
(a polyline of real coordinates). Usage: python tools/rts_map.py > .../data/map.toml
"""

from __future__ import annotations

import math

LON0, LAT0 = 33.6, 52.2  # north-west corner (cell centres start here)
DLON, DLAT = 1.30, 0.88
COLS, ROWS = 12, 11

AZOV = [
    (35.0, 46.2),
    (35.6, 46.65),
    (36.7, 46.9),
    (38.2, 47.15),
    (39.25, 47.3),
    (38.5, 46.6),
    (38.0, 46.0),
    (37.5, 45.45),
    (36.6, 45.45),
    (35.4, 45.35),
    (35.0, 45.7),
]
BLACK = [
    (30.0, 46.3),
    (32.4, 46.1),
    (33.0, 45.9),
    (33.6, 45.6),
    (33.6, 44.3),
    (35.5, 44.75),
    (36.5, 44.95),
    (37.3, 44.8),
    (38.3, 44.35),
    (39.3, 43.85),
    (40.2, 43.3),
    (41.5, 42.2),
    (30.0, 42.0),
]
CASPIAN = [
    (47.8, 45.9),
    (48.6, 46.4),
    (50.0, 46.6),
    (50.0, 41.0),
    (47.6, 41.0),
    (47.4, 43.0),
    (47.0, 44.2),
    (47.15, 45.0),
    (47.45, 45.6),
]
SEAS = [AZOV, BLACK, CASPIAN]
# cells with no place of the list near their centre: named after a real place in them
RENAME = {
    "3-0": "Shchigry",
    "7-0": "Kirsanov",
    "8-0": "Rtishchevo",
    "0-1": "Rylsk",
    "8-1": "Kalininsk",
    "0-2": "Akhtyrka",
    "8-2": "Zhirnovsk",
    "8-3": "Dubovka",
    "11-3": "Urda",
    "11-4": "Kharabali",
    "0-5": "Nikopol",
    "2-5": "Krasnoarmeysk",
    "11-5": "Volga Delta",
    "0-6": "Kakhovka",
    "2-6": "Mariupol",
    "10-7": "Lagan",
    "10-8": "Nogai Steppe",
    "5-9": "Apsheronsk",
}
# corner cells outside the campaign
DROP = [(0, 0), (1, 0), (10, 0), (11, 0), (0, 8), (5, 10), (6, 10)]

RIVERS: dict[str, list[list[tuple[float, float]]]] = {
    "volga": [
        [
            (46.3, 53.0),
            (46.05, 51.5),
            (45.4, 50.05),
            (44.55, 48.75),
            (44.85, 48.35),
            (46.1, 48.0),
            (47.0, 47.2),
            (48.0, 46.3),
            (48.4, 45.9),
        ]
    ],
    "major": [
        # Don
        [
            (38.8, 53.0),
            (39.25, 51.6),
            (39.5, 51.0),
            (40.1, 50.45),
            (40.5, 50.15),
            (41.1, 49.8),
            (42.7, 49.6),
            (43.05, 49.3),
            (43.55, 48.7),
            (42.1, 47.65),
            (41.1, 47.55),
            (39.7, 47.2),
            (39.3, 47.1),
        ],
        # Donets
        [(36.5, 50.9), (36.7, 49.85), (37.3, 49.2), (38.4, 48.9), (40.3, 48.3), (40.9, 47.6)],
        # Dniepr
        [(32.6, 49.6), (33.4, 49.07), (35.05, 48.45), (35.15, 47.85), (34.3, 47.5), (33.0, 46.6)],
    ],
    "minor": [
        [(37.8, 51.4), (37.9, 50.7), (37.6, 49.15)],  # Oskol
        [(41.5, 49.6), (42.2, 48.9), (42.95, 48.35)],  # Chir
        [(42.2, 51.6), (42.0, 50.8), (42.4, 49.6)],  # Khoper
        [(40.6, 50.4), (40.7, 48.4)],  # Kalitva
        [(44.9, 46.1), (43.6, 46.3), (42.2, 46.7), (40.8, 47.1)],  # Manych
        [(41.9, 44.9), (40.5, 45.3), (39.0, 45.05), (38.2, 45.3)],  # Kuban
        [(44.3, 43.6), (45.0, 43.7), (46.7, 43.6)],  # Terek
        [(38.9, 48.2), (38.85, 47.25)],  # Mius
    ],
    "straits": [[(36.45, 44.9), (36.55, 45.35), (36.7, 45.5)]],  # Kerch straits
}

# name, lon, lat, city, vp_axis, vp_soviet, soviet supply symbol
PLACES = [
    ("Kursk", 36.19, 51.73, True, 1, 1, False),
    ("Voronezh", 39.2, 51.67, True, 2, 1, False),
    ("Belgorod", 36.59, 50.6, True, 1, 1, False),
    ("Kharkov", 36.23, 49.99, True, 3, 3, False),
    ("Poltava", 34.55, 49.59, True, 2, 1, False),
    ("Dnepropetrovsk", 35.04, 48.46, True, 2, 2, False),
    ("Stalino", 37.8, 48.0, True, 2, 2, False),
    ("Voroshilovgrad", 39.3, 48.57, True, 1, 1, False),
    ("Rossosh", 39.57, 50.2, True, 1, 0, False),
    ("Buturlinovka", 42.0, 51.2, True, 0, 0, False),
    ("Millerovo", 40.4, 48.92, True, 1, 0, False),
    ("Rostov", 39.72, 47.23, True, 3, 2, False),
    ("Taganrog", 38.9, 47.21, True, 0, 1, False),
    ("Stalingrad", 44.5, 48.7, True, 5, 3, False),
    ("Kotelnikovo", 43.15, 47.63, True, 0, 0, False),
    ("Elista", 44.26, 46.31, True, 1, 0, False),
    ("Krasnodar", 38.98, 45.04, True, 2, 0, False),
    ("Maikop", 40.1, 44.61, True, 3, 0, False),
    ("Novorossiysk", 37.77, 44.72, True, 1, 0, False),
    ("Tuapse", 39.07, 44.1, True, 1, 0, False),
    ("Armavir", 41.13, 44.99, True, 1, 0, False),
    ("Pyatigorsk", 43.06, 44.05, True, 1, 0, False),
    ("Mozdok", 44.65, 43.74, True, 1, 0, False),
    ("Grozny", 45.69, 43.32, True, 4, 0, False),
    ("Ordzhonikidze", 44.68, 43.02, True, 2, 0, False),
    ("Astrakhan", 48.03, 46.35, True, 2, 0, True),
    ("Saratov", 46.03, 51.53, True, 0, 0, True),
    ("Kamyshin", 45.4, 50.08, True, 0, 0, False),
    ("Kerch", 36.47, 45.36, True, 2, 1, False),
    ("Balashov", 43.17, 51.55, True, 0, 0, True),
    ("Salsk", 41.54, 46.47, True, 0, 0, False),
    ("Stavropol", 41.97, 45.04, True, 1, 0, False),
    ("Kalach", 43.53, 48.69, False, 0, 0, False),
    ("Kamensk", 40.27, 48.32, False, 0, 0, False),
    ("Oboyan", 36.27, 51.21, False, 0, 0, False),
    ("Stary Oskol", 37.84, 51.30, False, 0, 0, False),
    ("Valuyki", 38.1, 50.21, False, 0, 0, False),
    ("Kupyansk", 37.6, 49.71, False, 0, 0, False),
    ("Izium", 37.25, 49.21, False, 0, 0, False),
    ("Lozovaya", 36.3, 48.9, False, 0, 0, False),
    ("Krasnograd", 35.45, 49.37, False, 0, 0, False),
    ("Zaporozhye", 35.14, 47.84, False, 0, 0, False),
    ("Melitopol", 35.37, 46.85, False, 0, 0, False),
    ("Mariupol", 37.55, 47.1, False, 0, 0, False),
    ("Artemovsk", 38.0, 48.6, False, 0, 0, False),
    ("Starobelsk", 38.9, 49.28, False, 0, 0, False),
    ("Kantemirovka", 39.87, 49.70, False, 0, 0, False),
    ("Boguchar", 40.55, 49.93, False, 0, 0, False),
    ("Pavlovsk", 40.1, 50.45, False, 0, 0, False),
    ("Liski", 39.5, 50.98, False, 0, 0, False),
    ("Ostrogozhsk", 39.08, 50.87, False, 0, 0, False),
    ("Zadonsk", 38.9, 52.4, False, 0, 0, False),
    ("Lipetsk", 39.6, 52.6, False, 0, 0, False),
    ("Borisoglebsk", 42.1, 51.37, False, 0, 0, False),
    ("Uryupinsk", 42.0, 50.8, False, 0, 0, False),
    ("Anna", 40.4, 51.5, False, 0, 0, False),
    ("Atkarsk", 45.0, 51.87, False, 0, 0, False),
    ("Engels", 46.12, 51.48, False, 0, 0, False),
    ("Krasny Kut", 46.97, 50.95, False, 0, 0, False),
    ("Ershov", 48.27, 51.35, False, 0, 0, True),
    ("Novouzensk", 48.14, 50.46, False, 0, 0, True),
    ("Frolovo", 43.66, 49.77, False, 0, 0, False),
    ("Mikhailovka", 43.25, 50.06, False, 0, 0, False),
    ("Serafimovich", 42.73, 49.58, False, 0, 0, False),
    ("Morozovsk", 41.8, 48.35, False, 0, 0, False),
    ("Tatsinskaya", 41.27, 48.2, False, 0, 0, False),
    ("Shakhty", 40.21, 47.71, False, 0, 0, False),
    ("Tsimlyansk", 42.1, 47.65, False, 0, 0, False),
    ("Abganerovo", 44.0, 48.1, False, 0, 0, False),
    ("Zavetnoye", 43.9, 47.1, False, 0, 0, False),
    ("Zimovniki", 42.47, 47.15, False, 0, 0, False),
    ("Proletarskaya", 41.72, 46.7, False, 0, 0, False),
    ("Kushchevskaya", 39.63, 46.56, False, 0, 0, False),
    ("Yeysk", 38.27, 46.7, False, 0, 0, False),
    ("Tikhoretsk", 40.13, 45.85, False, 0, 0, False),
    ("Kropotkin", 40.57, 45.44, False, 0, 0, False),
    ("Taman", 36.9, 45.2, False, 0, 0, False),
    ("Cherkessk", 42.06, 44.23, False, 0, 0, False),
    ("Nalchik", 43.61, 43.49, False, 0, 0, False),
    ("Kizlyar", 46.71, 43.85, False, 0, 0, False),
    ("Budennovsk", 44.16, 44.78, False, 0, 0, False),
    ("Divnoye", 43.36, 45.91, False, 0, 0, False),
    ("Yashkul", 45.34, 46.17, False, 0, 0, False),
    ("Utta", 46.0, 46.35, False, 0, 0, False),
    ("Leninsk", 45.2, 48.7, False, 0, 0, False),
    ("Akhtubinsk", 46.17, 48.28, False, 0, 0, False),
    ("Nikolaevsk", 45.47, 50.03, False, 0, 0, False),
    ("Elton", 46.85, 49.13, False, 0, 0, True),
    ("Dzhankoy", 34.4, 45.7, False, 0, 0, False),
    ("Feodosia", 35.38, 45.03, False, 0, 0, False),
    ("Kremenchug", 33.42, 49.07, False, 0, 0, False),
    ("Lgov", 35.27, 51.68, False, 0, 0, False),
    ("Sumy", 34.8, 50.9, False, 0, 0, False),
    ("Chernyshkovsky", 42.6, 48.4, False, 0, 0, False),
    ("Sarpinsky", 45.0, 47.6, False, 0, 0, False),
    ("Khalkhuta", 44.6, 46.9, False, 0, 0, False),
    ("Kayasula", 44.9, 44.6, False, 0, 0, False),
    ("Achikulak", 45.3, 44.7, False, 0, 0, True),
    ("Tambov", 41.45, 52.72, False, 0, 0, True),
    ("Yelets", 38.5, 52.6, False, 0, 0, False),
    ("Pallasovka", 46.9, 50.05, False, 0, 0, True),
    ("Baskunchak", 46.8, 48.2, False, 0, 0, True),
]


def front_lon(lat: float) -> float:
    """The front line of 28 June 1942: west of it the Axis holds. It follows the Oskol at
    Kupyansk (taken in Fridericus II, 22-26 June) with Valuyki still Soviet (it fell in
    early July), and the Mius with Taganrog German (since October 1941)."""
    pts = [
        (53.0, 36.6),
        (51.7, 37.0),
        (50.5, 37.3),
        (49.5, 38.3),
        (48.5, 38.6),
        (47.8, 39.6),
        (47.2, 39.6),
    ]
    for (la1, lo1), (la2, lo2) in zip(pts, pts[1:], strict=False):
        if la2 <= lat <= la1:
            t = (lat - la1) / (la2 - la1)
            return lo1 + t * (lo2 - lo1)
    return 36.7 if lat < 47.2 else 36.6


def inside(p: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = p
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=False):
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            hit = not hit
    return hit


def cross(a, b, c, d) -> bool:  # segments ab and cd intersect
    def o(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return (o(a, b, c) > 0) != (o(a, b, d) > 0) and (o(c, d, a) > 0) != (o(c, d, b) > 0)


def main() -> None:
    cells = {}
    for r in range(ROWS):
        for c in range(COLS):
            lon = LON0 + c * DLON + (DLON / 2 if r % 2 else 0)
            lat = LAT0 - r * DLAT
            if any(inside((lon, lat), s) for s in SEAS):
                continue
            cells[(c, r)] = (lon, lat)
    for k in DROP:
        cells.pop(k, None)
    # Crimea: keep only its east (Kerch) and north (Dzhankoy) cells; the rest is off the campaign
    # name each cell after the nearest place (cities first), unique names
    named: dict[tuple[int, int], tuple] = {}

    def near(cell: tuple[int, int]) -> float:
        return 0.0

    cities = [p for p in PLACES if p[3]]
    towns = [p for p in PLACES if not p[3]]
    for group in (cities, towns):
        for p in group:
            best = min(
                (k for k in cells if k not in named),
                key=lambda k: math.hypot((cells[k][0] - p[1]) * 0.68, cells[k][1] - p[2]),
            )
            d = math.hypot((cells[best][0] - p[1]) * 0.68, cells[best][1] - p[2])
            if d < 0.75:
                named[best] = p
    out = []
    ids = {}
    for k in sorted(cells, key=lambda k: (k[1], k[0])):
        lon, lat = cells[k]
        p = named.get(k)
        name = p[0] if p else RENAME.get(f"{k[0]}-{k[1]}", f"Steppe {k[0]}-{k[1]}")
        ids[k] = name

    def nbrs(c: int, r: int):
        odd = r % 2
        cand = [(c - 1, r), (c + 1, r)]
        cand += [(c - 1 + odd, r - 1), (c + odd, r - 1), (c - 1 + odd, r + 1), (c + odd, r + 1)]
        return [x for x in cand if x in cells]

    print("# Roads to Stalingrad: the area map (our reconstruction; generated by tools/rts_map.py,")
    print("# then kept as data). x, y are drawing positions (0-1000 wide, 0-800 high).")
    print()
    for k in sorted(cells, key=lambda k: (k[1], k[0])):
        lon, lat = cells[k]
        p = named.get(k)
        x = round((lon - LON0 + 0.7) / (COLS * DLON + 0.7) * 1000)
        y = round((LAT0 - lat + 0.5) / (ROWS * DLAT + 0.2) * 800)
        mountain = lat < 44.45 and 38.6 < lon < 44.4
        print("[[area]]")
        print(f'id = "{ids[k]}"')
        print(f"x = {x}")
        print(f"y = {y}")
        if mountain:
            print('terrain = "mountain"')
        if p and p[3]:
            print("city = true")
        if p and p[4]:
            print(f"vp_axis = {p[4]}")
        if p and p[5]:
            print(f"vp_soviet = {p[5]}")
        east_edge = k[0] == COLS - 1 or ((k[0] + 1, k[1]) not in cells and lon > 46)
        if (p and p[6]) or (east_edge and lon > 47.5 and lat > 46.5):
            print("supply = true")
        side = "axis" if lon < front_lon(lat) else "soviet"
        print(f'control = "{side}"')
        print(f'sector = "{"A" if lat < 47.6 else "B"}"')
        edges = []
        if k[0] == 0 or ((k[0] - 1, k[1]) not in cells and lon < 36):
            edges.append("west")
        if k[0] == COLS - 1 or ((k[0] + 1, k[1]) not in cells and lon > 46):
            edges.append("east")
        if edges:
            print(f"edge = {edges!r}".replace("'", '"'))
        adj = sorted(ids[n] for n in nbrs(*k))
        print(f"adj = {adj!r}".replace("'", '"'))
        print()
    seen = set()
    for k in cells:
        for n in nbrs(*k):
            pair = tuple(sorted((ids[k], ids[n])))
            if pair in seen:
                continue
            seen.add(pair)
            for kind, lines in RIVERS.items():
                if any(
                    cross(cells[k], cells[n], a, b)
                    for line in lines
                    for a, b in zip(line, line[1:], strict=False)
                ):
                    print("[[river]]")
                    print(f'a = "{pair[0]}"')
                    print(f'b = "{pair[1]}"')
                    print(f'kind = "{kind}"')
                    print()
                    break


if __name__ == "__main__":
    main()
