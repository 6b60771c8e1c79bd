import type { Client, RequestPolicy } from '@urql/core';
import { graphql } from './gql/index.js';

/** One inspection with what a technician's or customer's screen shows of it. */
export const InspectionDetailQuery = graphql(`
  query InspectionDetail($id: UUID!) {
    inspection(id: $id) {
      id
      inspectionDate
      status
      overallResult
      customer { ...CompanyName }
      site { id name address city }
      equipment { id serialNumber manufacturer model }
      technician { id name }
      findings { id severity description recommendation }
    }
  }
`);

export interface InspectionDetail {
  date: string;
  status: string;
  customer: string;
  site: string;
  equipment: string;
  technician: string;
  findings: { severity: string; description: string }[];
}

/** The inspection, or null for one that does not exist (or is not the key's to read). */
export async function inspectionDetail(client: Client, id: string, requestPolicy?: RequestPolicy): Promise<InspectionDetail | null> {
  const result = await client.query(InspectionDetailQuery, { id }, { requestPolicy }).toPromise();
  if (result.error) throw result.error;
  const inspection = result.data?.inspection;
  if (!inspection) return null;
  return {
    date: inspection.inspectionDate,
    status: inspection.status,
    customer: inspection.customer.name,
    site: inspection.site.name,
    equipment: `${inspection.equipment.manufacturer ?? ''} ${inspection.equipment.model ?? ''} (${inspection.equipment.serialNumber})`.trim(),
    technician: inspection.technician.name,
    findings: inspection.findings.map((finding) => ({ severity: finding.severity, description: finding.description })),
  };
}
