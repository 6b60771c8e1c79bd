/** The widgets' few words, in English and German; dates and times come from `Intl`, in the same locale. */
const en = {
  loading: 'Loading…',
  chooseResource: 'What would you like to book?',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  noSlotsThisMonth: 'No free times this month.',
  chooseDay: 'Choose a day with free times.',
  slotsOf: (day: string) => `Free times on ${day}`,
  timeZone: 'Time zone',
  timesShownIn: (zone: string) => `Times are shown in ${zone}.`,
  resourceZone: (zone: string) => `The business is in ${zone}.`,
  browserZone: (zone: string) => `${zone} (this device)`,
  yourDetails: 'Your details',
  chosenTime: (time: string) => `Chosen time: ${time}`,
  heldUntil: (time: string) => `We hold this time for you until ${time}.`,
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  notes: 'Notes',
  company: 'Company',
  message: 'Message',
  optional: '(optional)',
  book: 'Book',
  send: 'Send',
  sending: 'Sending…',
  confirmed: 'Booked. See you then!',
  confirmedAt: (time: string) => `Your booking: ${time}.`,
  leadSent: 'Thank you! We will be in touch.',
  slotTaken: 'Sorry, that time was just taken by someone else. Here are the times still free.',
  fixProblems: 'Please correct the following:',
  required: (label: string) => `${label}: please fill this in.`,
  failed: 'Something went wrong. Please try again.',
  offline: 'The service cannot be reached from this page. Check your connection and try again.',
  refused: 'This website is not allowed to use this form.',
  tooMany: 'Too many requests. Please wait a moment and try again.',
  notFound: 'This is no longer available.',
  checking: 'Checking that you are not a robot…',
};

export type Strings = typeof en;

const de: Strings = {
  loading: 'Wird geladen…',
  chooseResource: 'Was möchten Sie buchen?',
  previousMonth: 'Vorheriger Monat',
  nextMonth: 'Nächster Monat',
  noSlotsThisMonth: 'Keine freien Termine in diesem Monat.',
  chooseDay: 'Wählen Sie einen Tag mit freien Terminen.',
  slotsOf: (day) => `Freie Termine am ${day}`,
  timeZone: 'Zeitzone',
  timesShownIn: (zone) => `Zeiten in ${zone}.`,
  resourceZone: (zone) => `Das Unternehmen ist in ${zone}.`,
  browserZone: (zone) => `${zone} (dieses Gerät)`,
  yourDetails: 'Ihre Angaben',
  chosenTime: (time) => `Gewählter Termin: ${time}`,
  heldUntil: (time) => `Wir halten diesen Termin bis ${time} für Sie frei.`,
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  phone: 'Telefon',
  notes: 'Anmerkungen',
  company: 'Firma',
  message: 'Nachricht',
  optional: '(optional)',
  book: 'Buchen',
  send: 'Senden',
  sending: 'Wird gesendet…',
  confirmed: 'Gebucht. Bis bald!',
  confirmedAt: (time) => `Ihr Termin: ${time}.`,
  leadSent: 'Vielen Dank! Wir melden uns bei Ihnen.',
  slotTaken: 'Dieser Termin wurde gerade von jemand anderem gebucht. Hier sind die noch freien Termine.',
  fixProblems: 'Bitte korrigieren Sie Folgendes:',
  required: (label) => `${label}: Bitte ausfüllen.`,
  failed: 'Etwas ist schiefgegangen. Bitte versuchen Sie es erneut.',
  offline: 'Der Dienst ist von dieser Seite aus nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  refused: 'Diese Website darf dieses Formular nicht verwenden.',
  tooMany: 'Zu viele Anfragen. Bitte warten Sie einen Moment.',
  notFound: 'Dies ist nicht mehr verfügbar.',
  checking: 'Wir prüfen, dass Sie kein Roboter sind…',
};

/**
 * The element's locale: its `locale` attribute, else the `lang` of the element or its nearest
 * ancestor, else the browser's; German strings for `de*`, English for anything else.
 */
export function localeOf(element: HTMLElement): { locale: string; strings: Strings } {
  const wanted = element.getAttribute('locale') || element.closest('[lang]')?.getAttribute('lang') || navigator.language;
  let locale: string;
  try {
    locale = Intl.getCanonicalLocales(wanted)[0] ?? 'en';
  } catch {
    locale = 'en'; // A malformed tag: English rather than a broken widget.
  }
  return { locale, strings: locale.toLowerCase().startsWith('de') ? de : en };
}
