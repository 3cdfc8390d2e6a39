/** The status page's data, which is static (docs/product.md#pages). */

export type ServiceStatus = 'operational' | 'degraded' | 'partial' | 'major' | 'maintenance';
export interface Service {
  name: string;
  status: ServiceStatus;
  uptime: number;
  responseTime: number;
}
export const services: Service[] = [
  { name: 'SMS API', status: 'operational', uptime: 99.98, responseTime: 145 },
  { name: 'Voice API', status: 'operational', uptime: 99.95, responseTime: 182 },
  { name: 'Data Lookup API', status: 'operational', uptime: 99.99, responseTime: 98 },
  { name: 'Web Dashboard', status: 'operational', uptime: 99.97, responseTime: 210 },
  { name: 'Authentication', status: 'operational', uptime: 100, responseTime: 75 },
  { name: 'Webhook Delivery', status: 'operational', uptime: 99.92, responseTime: 130 },
];

export type IncidentStatus = 'resolved' | 'identified' | 'investigating' | 'monitoring' | 'maintenance';
export interface Incident {
  id: string;
  title: string;
  status: IncidentStatus;
  impact: 'minor' | 'major' | 'critical';
  date: string;
  duration: string;
  description: string;
  updates: { time: string; message: string; status: IncidentStatus }[];
}
export const incidents: Incident[] = [
  {
    id: 'inc-2024-004',
    title: 'Delayed webhook deliveries',
    status: 'resolved',
    impact: 'minor',
    date: 'March 12, 2024',
    duration: '42 minutes',
    description: 'Some webhook events were delivered up to 10 minutes late.',
    updates: [
      {
        time: '14:05 UTC',
        message: 'We are investigating delayed webhook deliveries.',
        status: 'investigating',
      },
      {
        time: '14:20 UTC',
        message: 'A saturated delivery queue was identified and scaled out.',
        status: 'identified',
      },
      {
        time: '14:47 UTC',
        message: 'Deliveries are back to normal. This incident is resolved.',
        status: 'resolved',
      },
    ],
  },
  {
    id: 'inc-2024-003',
    title: 'Elevated Voice API latency',
    status: 'resolved',
    impact: 'major',
    date: 'February 28, 2024',
    duration: '1 hour 15 minutes',
    description: 'Voice calls took longer than usual to connect in the US East region.',
    updates: [
      { time: '09:10 UTC', message: 'We are looking into slow call setup times.', status: 'investigating' },
      {
        time: '09:45 UTC',
        message: 'A carrier routing issue was found; traffic was moved.',
        status: 'monitoring',
      },
      { time: '10:25 UTC', message: 'Latency has been normal for 30 minutes. Resolved.', status: 'resolved' },
    ],
  },
  {
    id: 'inc-2024-002',
    title: 'Scheduled database maintenance',
    status: 'resolved',
    impact: 'minor',
    date: 'February 10, 2024',
    duration: '30 minutes',
    description: 'Planned maintenance of the dashboard database; the dashboard was read-only.',
    updates: [
      { time: '02:00 UTC', message: 'Maintenance has started.', status: 'maintenance' },
      { time: '02:30 UTC', message: 'Maintenance is complete.', status: 'resolved' },
    ],
  },
  {
    id: 'inc-2024-001',
    title: 'Data Lookup API errors',
    status: 'resolved',
    impact: 'critical',
    date: 'January 22, 2024',
    duration: '18 minutes',
    description: 'A share of phone lookups returned errors after a faulty deployment.',
    updates: [
      {
        time: '16:02 UTC',
        message: 'We are investigating errors on phone lookups.',
        status: 'investigating',
      },
      {
        time: '16:08 UTC',
        message: 'A faulty deployment was identified and rolled back.',
        status: 'identified',
      },
      { time: '16:20 UTC', message: 'Error rates are back to zero. Resolved.', status: 'resolved' },
    ],
  },
];

export const allOperational = (list: Service[]) => list.every((s) => s.status === 'operational');
export const averageUptime = (list: Service[]) =>
  (list.reduce((sum, s) => sum + s.uptime, 0) / list.length).toFixed(2);
export const averageResponseTime = (list: Service[]) =>
  Math.round(list.reduce((sum, s) => sum + s.responseTime, 0) / list.length);
