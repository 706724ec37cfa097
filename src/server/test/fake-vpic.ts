/**
 * A local stand-in for NHTSA's vPIC `GET /vehicles/DecodeVinValues/{vin}?format=json`, answering in its
 * format (every value a string, "" when unknown; a VIN it does not know gets empty values and an error
 * code, still with 200), so the online VIN decoder is tested without the internet.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The few of vPIC's ~140 result fields a test sets; the rest are answered empty, as vPIC does. */
export interface VpicVehicle {
  Make: string;
  Model: string;
  ModelYear: string;
  DisplacementL?: string;
  EngineCylinders?: string;
  Trim?: string;
}

export interface FakeVpic {
  /** The base URL, as VIN_DECODER_URL takes it. */
  url: string;
  vehicles: Map<string, VpicVehicle>;
  /** The paths asked for, in order. */
  requests: string[];
  /** Make the next answers a 500, or a page that is not vPIC's JSON. */
  failure: 'status' | 'garbled' | undefined;
  close(): Promise<void>;
}

const EMPTY_RESULT = {
  ABS: '', AirBagLocFront: '', BodyClass: '', DisplacementCC: '', DisplacementCI: '', DisplacementL: '', Doors: '',
  DriveType: '', EngineCylinders: '', EngineHP: '', EngineModel: '', FuelTypePrimary: '', Make: '', MakeID: '',
  Manufacturer: '', ManufacturerId: '', Model: '', ModelID: '', ModelYear: '', PlantCountry: '', Series: '', Trim: '',
  VehicleType: '', ErrorCode: '', ErrorText: '', AdditionalErrorText: '', SuggestedVIN: '',
};

function decodeValues(vin: string, vehicle: VpicVehicle | undefined) {
  const known = vehicle
    ? { ...vehicle, ErrorCode: '0', ErrorText: '0 - VIN decoded clean. Check Digit (9th position) is correct' }
    : { ErrorCode: '7', ErrorText: '7 - Manufacturer is not registered with NHTSA for sale or importation in the U.S. for use on U.S roads; Please contact the manufacturer directly for more information' };
  return {
    Count: 1,
    Message:
      'Results returned successfully. NOTE: Any missing decoded values should be interpreted as NHTSA does not have data on the specific variable. Missing value should NOT be interpreted as an indication that a specific feature or technology is unavailable for a vehicle.',
    SearchCriteria: `VIN(s): ${vin}`,
    Results: [{ ...EMPTY_RESULT, ...known, VIN: vin }],
  };
}

export async function startFakeVpic(): Promise<FakeVpic> {
  const fake = { vehicles: new Map(), requests: [], failure: undefined } as unknown as FakeVpic;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.requests.push(url.pathname);
    const vin = url.pathname.match(/^\/api\/vehicles\/DecodeVinValues\/([^/]+)$/)?.[1];
    if (fake.failure === 'status') return response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
    if (fake.failure === 'garbled') return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Maintenance</html>');
    if (!vin || url.searchParams.get('format') !== 'json') return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(decodeValues(vin, fake.vehicles.get(vin))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
