/**
 * tzdata's letter abbreviations (what Go's time package prints for the `MST` layout token)
 * for zones that have them, under 2024–2025 rules; zones absent here print numeric names
 * (`+03`, `-0330`). Data from the IANA tz database.
 */
const GROUPS: ReadonlyArray<readonly [string, string]> = [
  [
    "3600=CET,7200=CEST",
    "Africa/Ceuta Arctic/Longyearbyen CET Europe/Amsterdam Europe/Andorra Europe/Belgrade " +
      "Europe/Berlin Europe/Bratislava Europe/Brussels Europe/Budapest Europe/Busingen " +
      "Europe/Copenhagen Europe/Gibraltar Europe/Ljubljana Europe/Luxembourg Europe/Madrid " +
      "Europe/Malta Europe/Monaco Europe/Oslo Europe/Paris Europe/Podgorica Europe/Prague " +
      "Europe/Rome Europe/San_Marino Europe/Sarajevo Europe/Skopje Europe/Stockholm " +
      "Europe/Tirane Europe/Vaduz Europe/Vatican Europe/Vienna Europe/Warsaw Europe/Zagreb " +
      "Europe/Zurich ",
  ],
  [
    "-14400=AST",
    "America/Anguilla America/Antigua America/Aruba America/Barbados America/Blanc-Sablon " +
      "America/Curacao America/Dominica America/Grenada America/Guadeloupe America/Kralendijk " +
      "America/Lower_Princes America/Marigot America/Martinique America/Montserrat " +
      "America/Port_of_Spain America/Puerto_Rico America/Santo_Domingo America/St_Barthelemy " +
      "America/St_Kitts America/St_Lucia America/St_Thomas America/St_Vincent America/Tortola ",
  ],
  [
    "0=GMT",
    "Africa/Abidjan Africa/Accra Africa/Bamako Africa/Banjul Africa/Bissau Africa/Conakry " +
      "Africa/Dakar Africa/Freetown Africa/Lome Africa/Monrovia Africa/Nouakchott " +
      "Africa/Ouagadougou Africa/Sao_Tome America/Danmarkshavn Atlantic/Reykjavik " +
      "Atlantic/St_Helena Etc/GMT GMT ",
  ],
  [
    "7200=EET,10800=EEST",
    "Africa/Cairo Asia/Beirut Asia/Famagusta Asia/Gaza Asia/Hebron Asia/Nicosia EET " +
      "Europe/Athens Europe/Bucharest Europe/Chisinau Europe/Helsinki Europe/Kiev Europe/Kyiv " +
      "Europe/Mariehamn Europe/Riga Europe/Sofia Europe/Tallinn Europe/Vilnius ",
  ],
  [
    "-18000=EST,-14400=EDT",
    "America/Detroit America/Grand_Turk America/Indiana/Marengo America/Indiana/Petersburg " +
      "America/Indiana/Vevay America/Indiana/Vincennes America/Indiana/Winamac " +
      "America/Indianapolis America/Iqaluit America/Kentucky/Monticello America/Louisville " +
      "America/Nassau America/New_York America/Port-au-Prince America/Toronto EST5EDT ",
  ],
  [
    "-21600=CST",
    "America/Bahia_Banderas America/Belize America/Chihuahua America/Costa_Rica " +
      "America/El_Salvador America/Guatemala America/Managua America/Merida America/Mexico_City " +
      "America/Monterrey America/Regina America/Swift_Current America/Tegucigalpa ",
  ],
  [
    "-21600=CST,-18000=CDT",
    "America/Chicago America/Indiana/Knox America/Indiana/Tell_City America/Matamoros " +
      "America/Menominee America/North_Dakota/Beulah America/North_Dakota/Center " +
      "America/North_Dakota/New_Salem America/Ojinaga America/Rankin_Inlet America/Resolute " +
      "America/Winnipeg CST6CDT ",
  ],
  [
    "3600=WAT",
    "Africa/Bangui Africa/Brazzaville Africa/Douala Africa/Kinshasa Africa/Lagos " +
      "Africa/Libreville Africa/Luanda Africa/Malabo Africa/Ndjamena Africa/Niamey " +
      "Africa/Porto-Novo ",
  ],
  [
    "7200=CAT",
    "Africa/Blantyre Africa/Bujumbura Africa/Gaborone Africa/Harare Africa/Juba " +
      "Africa/Khartoum Africa/Kigali Africa/Lubumbashi Africa/Lusaka Africa/Maputo " +
      "Africa/Windhoek ",
  ],
  [
    "10800=EAT",
    "Africa/Addis_Ababa Africa/Asmera Africa/Dar_es_Salaam Africa/Djibouti Africa/Kampala " +
      "Africa/Mogadishu Africa/Nairobi Indian/Antananarivo Indian/Comoro Indian/Mayotte ",
  ],
  [
    "-25200=MST",
    "America/Creston America/Dawson America/Dawson_Creek America/Fort_Nelson " +
      "America/Hermosillo America/Mazatlan America/Phoenix America/Whitehorse MST ",
  ],
  [
    "-25200=MST,-21600=MDT",
    "America/Boise America/Cambridge_Bay America/Ciudad_Juarez America/Denver America/Edmonton " +
      "America/Inuvik MST7MDT ",
  ],
  [
    "-14400=AST,-10800=ADT",
    "America/Glace_Bay America/Goose_Bay America/Halifax America/Moncton America/Thule " +
      "Atlantic/Bermuda ",
  ],
  ["-18000=EST", "America/Cancun America/Cayman America/Coral_Harbour America/Jamaica America/Panama EST "],
  [
    "-32400=AKST,-28800=AKDT",
    "America/Anchorage America/Juneau America/Metlakatla America/Nome America/Sitka " + "America/Yakutat ",
  ],
  ["0=WET,3600=WEST", "Atlantic/Canary Atlantic/Faeroe Atlantic/Madeira Europe/Lisbon WET "],
  ["-28800=PST,-25200=PDT", "America/Los_Angeles America/Tijuana America/Vancouver PST8PDT "],
  ["0=GMT,3600=BST", "Europe/Guernsey Europe/Isle_of_Man Europe/Jersey Europe/London "],
  ["10800=MSK", "Europe/Kirov Europe/Moscow Europe/Simferopol Europe/Volgograd "],
  ["36000=AEST,39600=AEDT", "Antarctica/Macquarie Australia/Hobart Australia/Melbourne Australia/Sydney "],
  ["28800=CST", "Asia/Macau Asia/Shanghai Asia/Taipei "],
  ["7200=SAST", "Africa/Johannesburg Africa/Maseru Africa/Mbabane "],
  ["-36000=HST", "HST Pacific/Honolulu "],
  ["-39600=SST", "Pacific/Midway Pacific/Pago_Pago "],
  ["0=UTC", "Etc/UTC UTC "],
  ["19800=IST", "Asia/Calcutta Asia/Kolkata "],
  ["25200=WIB", "Asia/Jakarta Asia/Pontianak "],
  ["32400=KST", "Asia/Pyongyang Asia/Seoul "],
  ["34200=ACST,37800=ACDT", "Australia/Adelaide Australia/Broken_Hill "],
  ["36000=AEST", "Australia/Brisbane Australia/Lindeman "],
  ["36000=ChST", "Pacific/Guam Pacific/Saipan "],
  ["3600=CET", "Africa/Algiers Africa/Tunis "],
  ["43200=NZST,46800=NZDT", "Antarctica/McMurdo Pacific/Auckland "],
  ["7200=EET", "Africa/Tripoli Europe/Kaliningrad "],
  ["-12600=NST,-9000=NDT", "America/St_Johns "],
  ["-18000=CST,-14400=CDT", "America/Havana "],
  ["-36000=HST,-32400=HDT", "America/Adak "],
  ["0=GMT,3600=IST", "Europe/Dublin "],
  ["18000=PKT", "Asia/Karachi "],
  ["28800=AWST", "Australia/Perth "],
  ["28800=HKT", "Asia/Hong_Kong "],
  ["28800=PST", "Asia/Manila "],
  ["28800=WITA", "Asia/Makassar "],
  ["32400=JST", "Asia/Tokyo "],
  ["32400=WIT", "Asia/Jayapura "],
  ["34200=ACST", "Australia/Darwin "],
  ["3600=MET,7200=MEST", "MET "],
  ["7200=IST,10800=IDT", "Asia/Jerusalem "],
];

let table: Map<string, Map<number, string>> | undefined;

/** The abbreviation tzdata gives `zone` at UTC offset `offset` (seconds), if it has a letter one. */
export function zoneAbbreviation(zone: string, offset: number): string | undefined {
  if (table === undefined) {
    table = new Map();
    for (const [spec, zones] of GROUPS) {
      const byOffset = new Map(
        spec.split(",").map((p) => {
          const [o = "0", name = ""] = p.split("=");
          return [Number(o), name] as const;
        }),
      );
      for (const z of zones.trim().split(" ")) table.set(z, byOffset);
    }
  }
  return table.get(zone)?.get(offset);
}
