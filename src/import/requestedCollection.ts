// The collection an import request names, its label naming the project when the workbook has
// several. The pane and the CLI offer only known ones, but a request is data: an unknown id is a
// configuration error the person can act on, not a crash.
import { ApiError } from "../api";
import { collectionInfo, type CollectionInfo } from "../domain/collections";
import { labelForProject } from "../sheets/tableNameAndStatus";
import type { ImportRequest } from "./importTypes";

export function requestedCollection(request: ImportRequest): CollectionInfo {
  try {
    const info = collectionInfo(request.collection);
    return { ...info, label: labelForProject(info.label, request.project) };
  } catch (error) {
    if (error instanceof RangeError) throw new ApiError("config", error.message);
    throw error;
  }
}
