// CUPTI is loaded at run time (dlopen), so the program starts, and answers
// with a reason, on machines without the CUPTI library.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>
#include <dlfcn.h>

#include <cstring>

#include "counters.h"

namespace ls::gpu {
namespace {

struct Cupti {
  void* lib = nullptr;
  std::string error;
  template <class F>
  F get(const char* name) {
    void* f = lib ? dlsym(lib, name) : nullptr;
    if (!f && error.empty()) error = std::string("hardware counters: CUPTI has no ") + name;
    return reinterpret_cast<F>(f);
  }
};

Cupti& cupti() {
  static Cupti c = [] {
    Cupti c;
    for (const char* n : {"libcupti.so.13", "libcupti.so", "/usr/local/cuda/lib64/libcupti.so.13",
                          "/usr/local/cuda/extras/CUPTI/lib64/libcupti.so.13"})
      if ((c.lib = dlopen(n, RTLD_NOW | RTLD_GLOBAL))) break;
    if (!c.lib) c.error = "hardware counters: the CUPTI library (libcupti.so.13) was not found";
    return c;
  }();
  return c;
}

template <class P>
P params(size_t size) {
  P p;
  std::memset(&p, 0, sizeof p);
  p.structSize = size;
  return p;
}

}  // namespace

CounterValues measure(const std::vector<std::string>& metrics, const std::function<void()>& launch) {
  CounterValues out;
  Cupti& c = cupti();
  auto fail = [&](const std::string& what, CUptiResult r) {
    out.error = "hardware counters: " + what + " failed (CUPTI error " + std::to_string(int(r)) + ")" +
                (r == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES ? ": not permitted for this user" : "");
    return out;
  };
  if (!c.lib) return {{}, {}, c.error};
  auto init = c.get<CUptiResult (*)(CUpti_Profiler_Initialize_Params*)>("cuptiProfilerInitialize");
  auto chip = c.get<CUptiResult (*)(CUpti_Device_GetChipName_Params*)>("cuptiDeviceGetChipName");
  auto avail = c.get<CUptiResult (*)(CUpti_Profiler_GetCounterAvailability_Params*)>("cuptiProfilerGetCounterAvailability");
  auto host_init = c.get<CUptiResult (*)(CUpti_Profiler_Host_Initialize_Params*)>("cuptiProfilerHostInitialize");
  auto host_deinit = c.get<CUptiResult (*)(CUpti_Profiler_Host_Deinitialize_Params*)>("cuptiProfilerHostDeinitialize");
  auto props = c.get<CUptiResult (*)(CUpti_Profiler_Host_GetMetricProperties_Params*)>("cuptiProfilerHostGetMetricProperties");
  auto add = c.get<CUptiResult (*)(CUpti_Profiler_Host_ConfigAddMetrics_Params*)>("cuptiProfilerHostConfigAddMetrics");
  auto cfg_size = c.get<CUptiResult (*)(CUpti_Profiler_Host_GetConfigImageSize_Params*)>("cuptiProfilerHostGetConfigImageSize");
  auto cfg_image = c.get<CUptiResult (*)(CUpti_Profiler_Host_GetConfigImage_Params*)>("cuptiProfilerHostGetConfigImage");
  auto evaluate = c.get<CUptiResult (*)(CUpti_Profiler_Host_EvaluateToGpuValues_Params*)>("cuptiProfilerHostEvaluateToGpuValues");
  auto enable = c.get<CUptiResult (*)(CUpti_RangeProfiler_Enable_Params*)>("cuptiRangeProfilerEnable");
  auto disable = c.get<CUptiResult (*)(CUpti_RangeProfiler_Disable_Params*)>("cuptiRangeProfilerDisable");
  auto data_size = c.get<CUptiResult (*)(CUpti_RangeProfiler_GetCounterDataSize_Params*)>("cuptiRangeProfilerGetCounterDataSize");
  auto data_init = c.get<CUptiResult (*)(CUpti_RangeProfiler_CounterDataImage_Initialize_Params*)>(
      "cuptiRangeProfilerCounterDataImageInitialize");
  auto set_config = c.get<CUptiResult (*)(CUpti_RangeProfiler_SetConfig_Params*)>("cuptiRangeProfilerSetConfig");
  auto start = c.get<CUptiResult (*)(CUpti_RangeProfiler_Start_Params*)>("cuptiRangeProfilerStart");
  auto stop = c.get<CUptiResult (*)(CUpti_RangeProfiler_Stop_Params*)>("cuptiRangeProfilerStop");
  auto decode = c.get<CUptiResult (*)(CUpti_RangeProfiler_DecodeData_Params*)>("cuptiRangeProfilerDecodeData");
  auto info = c.get<CUptiResult (*)(CUpti_RangeProfiler_GetCounterDataInfo_Params*)>("cuptiRangeProfilerGetCounterDataInfo");
  if (!c.error.empty()) return {{}, {}, c.error};

  CUresult (*ctx_current)(CUcontext*) = nullptr;
  cudaDriverEntryPointQueryResult q;
  cudaFree(nullptr);  // makes the primary context current
  if (cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", reinterpret_cast<void**>(&ctx_current), 12000,
                                       cudaEnableDefault, &q) != cudaSuccess || !ctx_current)
    return {{}, {}, "hardware counters: cuCtxGetCurrent is not available"};
  CUcontext ctx = nullptr;
  ctx_current(&ctx);

  CUptiResult r;
  auto ip = params<CUpti_Profiler_Initialize_Params>(CUpti_Profiler_Initialize_Params_STRUCT_SIZE);
  if ((r = init(&ip)) != CUPTI_SUCCESS) return fail("cuptiProfilerInitialize", r);
  auto cp = params<CUpti_Device_GetChipName_Params>(CUpti_Device_GetChipName_Params_STRUCT_SIZE);
  int dev = 0;
  cudaGetDevice(&dev);
  cp.deviceIndex = static_cast<size_t>(dev);
  if ((r = chip(&cp)) != CUPTI_SUCCESS) return fail("cuptiDeviceGetChipName", r);
  auto ap = params<CUpti_Profiler_GetCounterAvailability_Params>(CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE);
  ap.ctx = ctx;
  if ((r = avail(&ap)) != CUPTI_SUCCESS) return fail("cuptiProfilerGetCounterAvailability", r);
  std::vector<uint8_t> avail_image(ap.counterAvailabilityImageSize);
  ap.pCounterAvailabilityImage = avail_image.data();
  if ((r = avail(&ap)) != CUPTI_SUCCESS) return fail("cuptiProfilerGetCounterAvailability", r);

  auto hp = params<CUpti_Profiler_Host_Initialize_Params>(CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE);
  hp.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
  hp.pChipName = cp.pChipName;
  hp.pCounterAvailabilityImage = avail_image.data();
  if ((r = host_init(&hp)) != CUPTI_SUCCESS) return fail("cuptiProfilerHostInitialize", r);
  CUpti_Profiler_Host_Object* host = hp.pHostObject;
  auto finish_host = [&] {
    auto d = params<CUpti_Profiler_Host_Deinitialize_Params>(CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE);
    d.pHostObject = host;
    host_deinit(&d);
  };
  std::vector<std::string> known;
  for (auto& m : metrics) {
    auto pp = params<CUpti_Profiler_Host_GetMetricProperties_Params>(CUpti_Profiler_Host_GetMetricProperties_Params_STRUCT_SIZE);
    pp.pHostObject = host;
    pp.pMetricName = m.c_str();
    (props(&pp) == CUPTI_SUCCESS ? known : out.unsupported).push_back(m);
  }
  std::vector<const char*> names;
  for (auto& m : known) names.push_back(m.c_str());
  if (names.empty()) {
    finish_host();
    out.error = "hardware counters: none of the metrics is known on this device";
    return out;
  }
  auto am = params<CUpti_Profiler_Host_ConfigAddMetrics_Params>(CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE);
  am.pHostObject = host;
  am.ppMetricNames = names.data();
  am.numMetrics = names.size();
  if ((r = add(&am)) != CUPTI_SUCCESS) return finish_host(), fail("adding the metrics", r);
  auto cs = params<CUpti_Profiler_Host_GetConfigImageSize_Params>(CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE);
  cs.pHostObject = host;
  cfg_size(&cs);
  std::vector<uint8_t> config(cs.configImageSize);
  auto ci = params<CUpti_Profiler_Host_GetConfigImage_Params>(CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE);
  ci.pHostObject = host;
  ci.configImageSize = config.size();
  ci.pConfigImage = config.data();
  if ((r = cfg_image(&ci)) != CUPTI_SUCCESS) return finish_host(), fail("building the config image", r);

  auto ep = params<CUpti_RangeProfiler_Enable_Params>(CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE);
  ep.ctx = ctx;
  if ((r = enable(&ep)) != CUPTI_SUCCESS) return finish_host(), fail("cuptiRangeProfilerEnable", r);
  CUpti_RangeProfiler_Object* rp = ep.pRangeProfilerObject;
  auto finish = [&] {
    auto d = params<CUpti_RangeProfiler_Disable_Params>(CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE);
    d.pRangeProfilerObject = rp;
    disable(&d);
    finish_host();
  };
  auto ds = params<CUpti_RangeProfiler_GetCounterDataSize_Params>(CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE);
  ds.pRangeProfilerObject = rp;
  ds.pMetricNames = names.data();
  ds.numMetrics = names.size();
  ds.maxNumOfRanges = 1;
  ds.maxNumRangeTreeNodes = 1;
  if ((r = data_size(&ds)) != CUPTI_SUCCESS) return finish(), fail("sizing the counter data", r);
  std::vector<uint8_t> data(ds.counterDataSize);
  auto di = params<CUpti_RangeProfiler_CounterDataImage_Initialize_Params>(
      CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE);
  di.pRangeProfilerObject = rp;
  di.counterDataSize = data.size();
  di.pCounterData = data.data();
  if ((r = data_init(&di)) != CUPTI_SUCCESS) return finish(), fail("initializing the counter data", r);
  auto sc = params<CUpti_RangeProfiler_SetConfig_Params>(CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE);
  sc.pRangeProfilerObject = rp;
  sc.configSize = config.size();
  sc.pConfig = config.data();
  sc.counterDataImageSize = data.size();
  sc.pCounterDataImage = data.data();
  sc.range = CUPTI_AutoRange;
  sc.replayMode = CUPTI_KernelReplay;
  sc.maxRangesPerPass = 1;
  sc.numNestingLevels = 1;
  sc.minNestingLevel = 1;
  sc.passIndex = 0;
  sc.targetNestingLevel = 1;
  if ((r = set_config(&sc)) != CUPTI_SUCCESS) return finish(), fail("cuptiRangeProfilerSetConfig", r);
  auto st = params<CUpti_RangeProfiler_Start_Params>(CUpti_RangeProfiler_Start_Params_STRUCT_SIZE);
  st.pRangeProfilerObject = rp;
  if ((r = start(&st)) != CUPTI_SUCCESS) return finish(), fail("cuptiRangeProfilerStart", r);
  launch();
  cudaDeviceSynchronize();
  auto sp = params<CUpti_RangeProfiler_Stop_Params>(CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE);
  sp.pRangeProfilerObject = rp;
  if ((r = stop(&sp)) != CUPTI_SUCCESS) return finish(), fail("cuptiRangeProfilerStop", r);
  auto dd = params<CUpti_RangeProfiler_DecodeData_Params>(CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE);
  dd.pRangeProfilerObject = rp;
  if ((r = decode(&dd)) != CUPTI_SUCCESS) return finish(), fail("cuptiRangeProfilerDecodeData", r);
  auto gi = params<CUpti_RangeProfiler_GetCounterDataInfo_Params>(CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE);
  gi.pCounterDataImage = data.data();
  gi.counterDataImageSize = data.size();
  info(&gi);
  if (gi.numTotalRanges < 1) return finish(), fail("no range was recorded;", CUPTI_SUCCESS);
  std::vector<double> values(names.size());
  auto ev = params<CUpti_Profiler_Host_EvaluateToGpuValues_Params>(CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE);
  ev.pHostObject = host;
  ev.pCounterDataImage = data.data();
  ev.counterDataImageSize = data.size();
  ev.rangeIndex = 0;
  ev.ppMetricNames = names.data();
  ev.numMetrics = names.size();
  ev.pMetricValues = values.data();
  if ((r = evaluate(&ev)) != CUPTI_SUCCESS) return finish(), fail("evaluating the metrics", r);
  for (size_t i = 0; i < names.size(); ++i) out.values[known[i]] = values[i];
  finish();
  return out;
}

}  // namespace ls::gpu
