// Booking fixtures shared by the files that book: a client who may book (consent form on file),
// an approved expert with weekly timings, and the expert page's slot picker as a person uses it.
import { createAccount } from './accounts.mjs';
import { createApprovedExpert, signIn } from './consultant.mjs';
import { pdf } from './files.mjs';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** A client whose consent form is uploaded (the booking precondition): the person and its API session. */
export const readyClient = async () => {
  const person = await createAccount('client');
  const session = await signIn('client', person);
  const key = await session.upload('consent_form', pdf('consentement.pdf'));
  await session.expect(204, 'PUT', '/api/client/consent-form', { json: { file_key: key } });
  return { person, session };
};

/** An approved expert (free first consultation, 60 € otherwise) who works `shifts` every day of the week. */
export const bookableExpert = async ({ adminSession, shifts = ['morning', 'afternoon'] } = {}) => {
  const expert = await createApprovedExpert({ adminSession });
  const consultant = await signIn('consultant', expert.person);
  await consultant.expect(204, 'PUT', '/api/consultant/timings', {
    json: { rules: WEEKDAYS.flatMap((weekday) => shifts.map((shift) => ({ weekday, shift }))), days_off: [] },
  });
  return expert;
};

/** On the expert's page: the `dayIndex`-th day of the picker, then its first time; lands on `/booking/…`. */
export const pickSlot = async (page, expertId, dayIndex) => {
  await page.goto(`/our-experts/details/${expertId}`);
  const picker = page.getByRole('region', { name: 'Choisir un créneau' });
  await picker.getByText(/Europe\/Paris/).waitFor();
  await picker.getByRole('list', { name: 'Jours disponibles' }).getByRole('button').nth(dayIndex).click();
  await picker.getByRole('link', { name: /^Choisir le / }).first().click();
};
