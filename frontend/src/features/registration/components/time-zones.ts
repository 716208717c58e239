import { hasEveryWord, queryWords, searchable } from '@/components/form/option-search';

const locale = (language: string) => (language === 'en' ? 'en-GB' : 'fr-FR');

const supportedZones = (): Set<string> | null => {
  try {
    return new Set(Intl.supportedValuesOf('timeZone'));
  } catch {
    return null;
  }
};

/**
 * The zones offered, one name each: the server's names that this browser also knows
 * (its canonical ones, so « Europe/Paris » stays and old aliases such as « Europe/Belfast »
 * or « US/Eastern » go), plus the browser's own zone, always kept. The values are the
 * server's and the browser's own names, never rewritten.
 */
export const offeredZones = (serverZones: readonly string[], browserZone: string): string[] => {
  const known = supportedZones();
  const zones = serverZones.filter((zone) => known === null || known.has(zone));
  if (browserZone && !zones.includes(browserZone)) zones.push(browserZone);
  return [...new Set(zones)];
};

/** « America/Argentina/Buenos_Aires » → « Buenos Aires ». */
export const zoneCity = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

/** « America/Argentina/Buenos_Aires » → « America / Argentina ». */
export const zoneRegion = (zone: string) => zone.split('/').slice(0, -1).join(' / ').replace(/_/g, ' ');

const zoneName = (zone: string, language: string, style: 'longOffset' | 'longGeneric', at: Date) => {
  try {
    return (
      new Intl.DateTimeFormat(locale(language), { timeZone: zone, timeZoneName: style })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
};

/** Other ways to type an offset: « UTC+01:00 » is also found as « +1 », « utc+1 », « gmt+1 », « +01 ». */
const offsetSpellings = (offset: string): string => {
  const match = /([+\-\u2212])(\d{2}):(\d{2})/.exec(offset);
  if (!match) return 'utc+0 gmt+0 +0 utc gmt';
  const sign = match[1] === '+' ? '+' : '-';
  const hours = String(Number(match[2]));
  const short = `${sign}${hours}${match[3] === '00' ? '' : `:${match[3]}`}`;
  return `utc${short} gmt${short} ${short} ${sign}${match[2]}`;
};

type ZoneEntry = { label: string; detail: string; search: string; city: string };

/**
 * The offered zones in one language: each shown as « Paris — UTC+01:00 » (the city from the
 * zone's name, its current offset as Intl writes it in that language), with the zone's localized
 * name and region as its detail; found by city, region, offset or name, accents ignored.
 * Formatting a zone costs a formatter: entries are made when first asked for and kept,
 * and `warmUp` makes the rest while the browser is idle.
 */
export class ZoneDirectory {
  readonly zones: readonly string[];
  private readonly language: string;
  private readonly entries = new Map<string, ZoneEntry>();
  private readonly at = new Date();

  constructor(zones: readonly string[], language: string) {
    this.language = language;
    const collator = new Intl.Collator(locale(language));
    this.zones = [...zones].sort((a, b) => collator.compare(zoneCity(a), zoneCity(b)) || collator.compare(a, b));
  }

  private entry(zone: string): ZoneEntry {
    let entry = this.entries.get(zone);
    if (!entry) {
      const city = zoneCity(zone);
      const offset = zoneName(zone, this.language, 'longOffset', this.at);
      const generic = zoneName(zone, this.language, 'longGeneric', this.at);
      const region = zoneRegion(zone);
      const named = generic !== offset ? generic : '';
      entry = {
        city: searchable(city),
        label: offset ? `${city} — ${offset}` : city,
        detail: [named, region].filter(Boolean).join(' · '),
        search: searchable([city, region, zone, offset, named, offsetSpellings(offset)].join(' ')),
      };
      this.entries.set(zone, entry);
    }
    return entry;
  }

  readonly labelOf = (zone: string) => this.entry(zone).label;

  readonly detailOf = (zone: string) => this.entry(zone).detail || undefined;

  /** The zones matching every typed word; those whose city starts with the first word come first. */
  readonly filter = (query: string): string[] => {
    const words = queryWords(query);
    const found = this.zones.filter((zone) => hasEveryWord(this.entry(zone).search, words));
    const first = words[0] ?? '';
    return [
      ...found.filter((zone) => this.entry(zone).city.startsWith(first)),
      ...found.filter((zone) => !this.entry(zone).city.startsWith(first)),
    ];
  };

  /** Makes the remaining entries a few at a time while the browser is idle; returns a cancel function. */
  warmUp(): () => void {
    let next = 0;
    let timer: number | undefined;
    const idle = typeof window.requestIdleCallback === 'function';
    const work = (deadline?: IdleDeadline) => {
      const end = performance.now() + 8;
      while (next < this.zones.length && (deadline ? deadline.timeRemaining() > 1 : performance.now() < end)) {
        this.entry(this.zones[next]);
        next += 1;
      }
      if (next < this.zones.length) schedule();
    };
    const schedule = () => {
      timer = idle ? window.requestIdleCallback(work, { timeout: 2000 }) : window.setTimeout(work, 50);
    };
    schedule();
    return () => {
      if (timer === undefined) return;
      if (idle) window.cancelIdleCallback(timer);
      else window.clearTimeout(timer);
    };
  }
}
