/**
 * Indian places for the demo data: regions and cities with their GST state codes, so that a
 * customer's GSTIN matches its city.
 */

export const REGIONS = ['North', 'South', 'East', 'West', 'Central'] as const;
export type Region = (typeof REGIONS)[number];

export interface City {
  name: string;
  state: string;
  /** GST state code: the first two digits of every GSTIN registered there. */
  stateCode: string;
  region: Region;
  /** Relative share of customers (bigger trading hubs have more). */
  weight: number;
  port?: boolean;
}

export const CITIES: readonly City[] = [
  { name: 'Delhi', state: 'Delhi', stateCode: '07', region: 'North', weight: 10 },
  { name: 'Gurugram', state: 'Haryana', stateCode: '06', region: 'North', weight: 4 },
  { name: 'Jaipur', state: 'Rajasthan', stateCode: '08', region: 'North', weight: 5 },
  { name: 'Lucknow', state: 'Uttar Pradesh', stateCode: '09', region: 'North', weight: 5 },
  { name: 'Kanpur', state: 'Uttar Pradesh', stateCode: '09', region: 'North', weight: 3 },
  { name: 'Chandigarh', state: 'Chandigarh', stateCode: '04', region: 'North', weight: 3 },
  { name: 'Ludhiana', state: 'Punjab', stateCode: '03', region: 'North', weight: 3 },
  { name: 'Dehradun', state: 'Uttarakhand', stateCode: '05', region: 'North', weight: 2 },
  { name: 'Mumbai', state: 'Maharashtra', stateCode: '27', region: 'West', weight: 12, port: true },
  { name: 'Pune', state: 'Maharashtra', stateCode: '27', region: 'West', weight: 7 },
  { name: 'Nashik', state: 'Maharashtra', stateCode: '27', region: 'West', weight: 3 },
  { name: 'Ahmedabad', state: 'Gujarat', stateCode: '24', region: 'West', weight: 7 },
  { name: 'Surat', state: 'Gujarat', stateCode: '24', region: 'West', weight: 5, port: true },
  { name: 'Vadodara', state: 'Gujarat', stateCode: '24', region: 'West', weight: 3 },
  { name: 'Rajkot', state: 'Gujarat', stateCode: '24', region: 'West', weight: 2 },
  { name: 'Panaji', state: 'Goa', stateCode: '30', region: 'West', weight: 1 },
  { name: 'Bengaluru', state: 'Karnataka', stateCode: '29', region: 'South', weight: 10 },
  { name: 'Mysuru', state: 'Karnataka', stateCode: '29', region: 'South', weight: 2 },
  { name: 'Chennai', state: 'Tamil Nadu', stateCode: '33', region: 'South', weight: 8, port: true },
  { name: 'Coimbatore', state: 'Tamil Nadu', stateCode: '33', region: 'South', weight: 4 },
  { name: 'Madurai', state: 'Tamil Nadu', stateCode: '33', region: 'South', weight: 2 },
  { name: 'Hyderabad', state: 'Telangana', stateCode: '36', region: 'South', weight: 8 },
  { name: 'Visakhapatnam', state: 'Andhra Pradesh', stateCode: '37', region: 'South', weight: 3, port: true },
  { name: 'Kochi', state: 'Kerala', stateCode: '32', region: 'South', weight: 4, port: true },
  { name: 'Thiruvananthapuram', state: 'Kerala', stateCode: '32', region: 'South', weight: 2 },
  { name: 'Kolkata', state: 'West Bengal', stateCode: '19', region: 'East', weight: 8, port: true },
  { name: 'Bhubaneswar', state: 'Odisha', stateCode: '21', region: 'East', weight: 3 },
  { name: 'Patna', state: 'Bihar', stateCode: '10', region: 'East', weight: 3 },
  { name: 'Guwahati', state: 'Assam', stateCode: '18', region: 'East', weight: 2 },
  { name: 'Ranchi', state: 'Jharkhand', stateCode: '20', region: 'East', weight: 2 },
  { name: 'Indore', state: 'Madhya Pradesh', stateCode: '23', region: 'Central', weight: 4 },
  { name: 'Bhopal', state: 'Madhya Pradesh', stateCode: '23', region: 'Central', weight: 3 },
  { name: 'Nagpur', state: 'Maharashtra', stateCode: '27', region: 'Central', weight: 4 },
  { name: 'Raipur', state: 'Chhattisgarh', stateCode: '22', region: 'Central', weight: 2 },
];
