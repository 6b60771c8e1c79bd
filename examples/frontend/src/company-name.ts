import { graphql } from './gql/index.js';

/**
 * How a company is named on every screen: one fragment on `Company`, spread wherever a company
 * appears (a deal's, an inspection's customer, the company page), so all of them read the one
 * `Company:id` record that a rename updates.
 */
export const CompanyNameFragment = graphql(`
  fragment CompanyName on Company {
    id
    name
  }
`);
