import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '../../shared/api.js';
import { errorMessages } from '../../shared/messages.js';
import { createVehicles } from '../fitment/service.js';
import { type Account, call, databaseKind, registerAdmin, startTestServer, type TestServer } from '../test/harness.js';

const m = errorMessages.fitmentImport;
const HEADER = 'year,make,model,submodel,engine,baseVehicleId,makeId,modelId,subModelId,engineBaseId';

describe(`VCdb id mapping import (${databaseKind})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await registerAdmin(server);
    await createVehicles(server.db.kysely, [
      { year: 2015, make: 'Toyota', model: 'Corolla', submodel: 'LE', engine: '1.8L I4' },
      { year: 2015, make: 'Toyota', model: 'Corolla', submodel: 'S', engine: '1.8L I4' },
      { year: 2016, make: 'Honda', model: 'Civic', submodel: 'LX', engine: '2.0L I4' },
    ]);
  });
  afterAll(() => server.close());

  const importVcdb = (csv: string, dryRun = false) =>
    server.app.inject({
      method: 'POST',
      url: `/api/fitment/import?kind=vcdb${dryRun ? '&dryRun=true' : ''}`,
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin.token}` },
      payload: csv,
    });
  const ids = async (make: string, model: string) =>
    ((await call(server.app, 'GET', `/api/vehicles?make=${make}&model=${model}`)).json() as Vehicle[]).map((v) => [v.submodel, v.baseVehicleId, v.makeId, v.modelId, v.subModelId, v.engineBaseId]);

  it('gives our vehicles the licensed ids by year, make, model (and submodel and engine when named), all or nothing', async () => {
    expect(await ids('Toyota', 'Corolla')).toEqual([['LE', null, null, null, null, null], ['S', null, null, null, null, null]]);
    const csv = [HEADER, '2015,toyota,corolla,,,5904,76,2,,', '2015,Toyota,Corolla,LE,1.8L I4,,,,20,621', '2015,Toyota,Corolla,S,,,,,22,'].join('\n');
    expect((await importVcdb(csv, true)).json()).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });
    expect(await ids('Toyota', 'Corolla')).toEqual([['LE', null, null, null, null, null], ['S', null, null, null, null, null]]);
    expect((await importVcdb(csv)).json()).toEqual({ created: 2, updated: 0, unchanged: 0, errors: [] });
    expect(await ids('Toyota', 'Corolla')).toEqual([['LE', 5904, 76, 2, 20, 621], ['S', 5904, 76, 2, 22, null]]);
    expect((await importVcdb(csv)).json()).toEqual({ created: 0, updated: 0, unchanged: 2, errors: [] });

    const bad = [HEADER, '2016,Honda,Civic,LX,,6000,54,3,,', '2019,Honda,Civic,,,1,1,1,,', '2016,Honda,Civic,LX,,6001,,,,', '2016,Honda,Civic,,,x,,,,'].join('\n');
    const refused = await importVcdb(bad);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { row: 3, column: 'model', message: m.vehicleUnknown('2019 Honda Civic') },
      { row: 4, column: 'baseVehicleId', message: m.vehicleRepeated(2) },
      { row: 5, column: 'baseVehicleId', message: m.vcdbIdInvalid },
    ]);
    expect(await ids('Honda', 'Civic')).toEqual([['LX', null, null, null, null, null]]);
  });
});
