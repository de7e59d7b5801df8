import type pg from 'pg';

/**
 * Seeds a realistic video catalogue in one database round trip per table: users with channel
 * titles, then videos with generated titles and descriptions. Word choices are skewed (a squared
 * random index), so some words are common and others rare, as in real titles. The DB triggers
 * fill search_vector, exactly as they do for uploads.
 */

/** Word lists as text blocks (one entry per line, or `|` separated). */
const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const words = (s: string) => lines(s).flatMap((l) => l.split('|').map((w) => w.trim()));

const ADJECTIVES = words(`
  Scenic | Epic | Easy | Steady | Hilly | Flat | Sunny | Misty | Autumn | Spring | Winter
  Summer | Morning | Evening | Sunset | Sunrise | Coastal | Alpine | Rolling | Rugged | Quiet
  Classic | Legendary | Gentle | Brutal | Fast | Long | Short | Recovery | Tempo | Endurance
  Interval | Hidden | Golden | Wild | Historic
`);
const PLACES = words(`
  Alps | Dolomites | Pyrenees | Tuscany | Provence | Mallorca | Tenerife | Girona | Yosemite
  Colorado | Utah | Arizona | Vermont | Oregon | California | Norway | Iceland | Scotland
  Wales | Cornwall | Flanders | Ardennes | Black Forest | Bavaria | Tyrol | Lake Como
  Lake Garda | Amalfi | Sicily | Sardinia | Corsica | Basque Country | Andalusia | Algarve
  Madeira | Azores | Patagonia | Andes | Rockies | Cascades | Blue Ridge | Appalachians
  Catskills | Adirondacks | Big Sur | Napa Valley | Maui | Kyoto | Hokkaido | Taiwan | Bali
  New Zealand | Tasmania | Queensland | Cape Town | Atlas Mountains | Cappadocia | Slovenia
  Croatia | Montenegro | Transylvania | Lapland | Galicia | Asturias | Vosges | Jura
  Lake District | Peak District | Yorkshire Dales | Highlands | Snowdonia | Connemara | Kerry
  Brittany | Normandy | Loire | Burgundy
`);
const FEATURES = words(`
  Climb | Descent | Loop | Ride | Route | Pass | Valley | Ridge | Coast Road | Gravel
  Forest Trail | Lakeside | River Road | Vineyards | Summit | Switchbacks | Col | Time Trial
  Gran Fondo | Century | Hill Repeats | Sprint | Cruise | Tour | Escape
`);
const SENTENCES = lines(`
  A steady climb with views over the valley.
  Filmed early in the morning with almost no traffic.
  Perfect for a recovery day or a long endurance session.
  The gradient kicks up near the top, so save something for the end.
  Smooth tarmac all the way and a fast descent back to town.
  Recorded with a chest mount camera and GPS gradient data.
  Expect a few cobbled sections through the old villages.
  Great for sweet spot intervals on the long middle section.
  The road follows the river before turning into the hills.
  Watch out for cattle grids and sheep on the narrow lanes.
  A classic stage of the grand tours, ridden at an easy pace.
  Olive groves, stone walls and the sea on your right.
  Headwind on the way out, tailwind on the way home.
  Lots of hairpins and a café stop at the summit.
  Snow still lines the road near the top of the pass.
  Mostly flat with a couple of short punchy rises.
  Autumn colours through beech and chestnut forests.
  A quiet gravel road through pine forest and meadows.
  Ride along the lake shore with the mountains ahead.
  One of my favourite training loops close to home.
`);
const FIRST_NAMES = words(`
  Anna | Ben | Carla | David | Elena | Felix | Grace | Hugo | Ines | Jonas | Kate | Liam
  Maria | Noah | Olga | Pablo | Quinn | Rosa | Sam | Tara | Umar | Vera | Will | Xavier | Yuki
  Zoe | Marco | Sofia | Lars | Mei | Tomas | Ingrid | Pierre
`);
const LAST_NAMES = words(`
  Rossi | Müller | Smith | Garcia | Dubois | Jensen | Novak | Tanaka | Silva | Kowalski
  Murphy | Larsen | Costa | Weber | Moreau | Olsen | Hughes | Kim | Ferrari | Berg
`);
const CHANNEL_KINDS = words(`
  Rides | Cycling | Bike Adventures | Road Trips | Climbs | Cycling Films | Pedal Stories
  Velo | Wheel Tales | Indoor Miles | Gravel Diaries | Mountain Roads
`);

/** Seconds per duration bucket, weighted towards 15-60 minute rides. */
const DURATION_SQL = `(case
  when random() < 0.15 then 300 + random() * 600
  when random() < 0.35 then 900 + random() * 900
  when random() < 0.55 then 1800 + random() * 900
  when random() < 0.75 then 2700 + random() * 900
  else 3600 + random() * 5400 end)`;

/** A random element of array parameter $n, skewed to the front by squaring. */
const pick = (param: number, skewed = true) =>
  `(${`$${param}`}::text[])[1 + floor(${skewed ? 'power(random(), 2)' : 'random()'} * array_length($${param}::text[], 1))::int]`;

export async function seedCatalogue(
  client: pg.Client,
  opts: { users: number; videos: number },
): Promise<void> {
  await client.query('select setseed(0.42)');
  await client.query(
    `insert into users (email, username, display_name, email_verified, channel_title, channel_description, created_at)
     select 'bench' || g || '@example.com', 'rider' || g, fn || ' ' || ln, true,
            case when g % 10 = 0 then null else fn || ' ' || ln || '''s ' || kind end,
            'Videos filmed by ' || fn || ' on weekend rides.',
            now() - interval '4 years'
     from (select g, ${pick(1, false)} fn, ${pick(2, false)} ln, ${pick(3)} kind
           from generate_series(1, $4::int) g) s`,
    [FIRST_NAMES, LAST_NAMES, CHANNEL_KINDS, opts.users],
  );
  await client.query(
    `insert into races (url, title, description, user_id, channel_visible, search_visible,
                        duration, status, progress, slope_source_id, created_at)
     select 'v' || g || '-' || substr(md5(g::text), 1, 8),
            ${pick(1)} || ' ' || ${pick(2)} || ' ' || ${pick(3)},
            ${pick(4, false)} || ' ' || ${pick(4, false)} || ' ' || ${pick(4, false)},
            (select min(id) from users) + floor(power(random(), 1.5) * $5::int)::int,
            random() > 0.05, random() > 0.05,
            round(${DURATION_SQL}),
            (case when random() < 0.97 then 'ready' when random() < 0.6 then 'processing'
                  else 'failed' end)::video_state,
            100, (g % 3),
            -- uploads arrive over three years, so rows lie on disk roughly in time order
            now() - interval '3 years' * (1 - g::float8 / $6::int) + random() * interval '6 hours'
     from generate_series(1, $6::int) g`,
    [ADJECTIVES, PLACES, FEATURES, SENTENCES, opts.users, opts.videos],
  );
  // A live table has been vacuumed by autovacuum (visibility map set) and analysed.
  await client.query('vacuum analyze users');
  await client.query('vacuum analyze races');
}
