/*
 * parra/override_points.h: the canonical override points, the app's and its scenes' lifecycle
 * as UIKit delivers it, which a module hooks with a parra_hook_decl (parra/hooks.h).
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_OVERRIDE_POINTS_H
#define PARRA_OVERRIDE_POINTS_H

#include <stdbool.h>
#include <stdint.h>

#include "hooks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ----------------------------------------------------------------------------------------
 * Canonical override points. Each names the point id, its signature, the C type of a hook,
 * and how results combine. JSON arguments are owned by the host for the duration of the call.
 * ------------------------------------------------------------------------------------- */

/** The app finished launching. `launch_options_json` is a JSON object. Combine: ALL; a
 *  false result makes the app delegate's didFinishLaunching return false. */
#define PARRA_POINT_APPLICATION_DID_FINISH_LAUNCHING "application.didFinishLaunching"
#define PARRA_SIGNATURE_APPLICATION_DID_FINISH_LAUNCHING "bool(ptr,str)"
typedef bool (*parra_application_did_finish_launching_fn)(
    void *module_data, const char *launch_options_json);

/** The app was asked to open `url`. Combine: ANY (true: some module handled it). */
#define PARRA_POINT_APPLICATION_OPEN_URL "application.openURL"
#define PARRA_SIGNATURE_APPLICATION_OPEN_URL "bool(ptr,str,str)"
typedef bool (*parra_application_open_url_fn)(
    void *module_data, const char *url, const char *options_json);

/** A push token arrived: `token` points at `length` raw bytes. Combine: NONE. */
#define PARRA_POINT_APPLICATION_DID_REGISTER_FOR_REMOTE_NOTIFICATIONS \
    "application.didRegisterForRemoteNotifications"
#define PARRA_SIGNATURE_APPLICATION_DID_REGISTER_FOR_REMOTE_NOTIFICATIONS "void(ptr,ptr,u64)"
typedef void (*parra_application_did_register_for_remote_notifications_fn)(
    void *module_data, const void *token, uint64_t length);

/** Registering for push failed; `error_message` says why. Combine: NONE. */
#define PARRA_POINT_APPLICATION_DID_FAIL_TO_REGISTER_FOR_REMOTE_NOTIFICATIONS \
    "application.didFailToRegisterForRemoteNotifications"
#define PARRA_SIGNATURE_APPLICATION_DID_FAIL_TO_REGISTER_FOR_REMOTE_NOTIFICATIONS "void(ptr,str)"
typedef void (*parra_application_did_fail_to_register_for_remote_notifications_fn)(
    void *module_data, const char *error_message);

/** Presentation options for a notification arriving in the foreground. */
#define PARRA_NOTIFICATION_PRESENTATION_BADGE 1u
#define PARRA_NOTIFICATION_PRESENTATION_SOUND 2u
#define PARRA_NOTIFICATION_PRESENTATION_ALERT 4u
#define PARRA_NOTIFICATION_PRESENTATION_LIST 8u

/** A notification will be presented in the foreground; `notification_json` is its payload.
 *  Returns PARRA_NOTIFICATION_PRESENTATION_* bits. Combine: UNION. */
#define PARRA_POINT_APPLICATION_WILL_PRESENT_NOTIFICATION "application.willPresentNotification"
#define PARRA_SIGNATURE_APPLICATION_WILL_PRESENT_NOTIFICATION "u32(ptr,str)"
typedef uint32_t (*parra_application_will_present_notification_fn)(
    void *module_data, const char *notification_json);

/** The user acted on a notification; `response_json` holds the action and payload.
 *  Combine: NONE. */
#define PARRA_POINT_APPLICATION_DID_RECEIVE_NOTIFICATION_RESPONSE \
    "application.didReceiveNotificationResponse"
#define PARRA_SIGNATURE_APPLICATION_DID_RECEIVE_NOTIFICATION_RESPONSE "void(ptr,str)"
typedef void (*parra_application_did_receive_notification_response_fn)(
    void *module_data, const char *response_json);

/** (1.7) A push arrived for the app itself (a background push: it shows nothing);
 *  `notification_json` is its payload. Combine: NONE. */
#define PARRA_POINT_APPLICATION_DID_RECEIVE_REMOTE_NOTIFICATION "application.didReceiveRemoteNotification"
#define PARRA_SIGNATURE_APPLICATION_DID_RECEIVE_REMOTE_NOTIFICATION "void(ptr,str)"
typedef void (*parra_application_did_receive_remote_notification_fn)(
    void *module_data, const char *notification_json);

/** The app is about to exit (normal end, SIGTERM or SIGINT). Combine: NONE. */
#define PARRA_POINT_APPLICATION_WILL_TERMINATE "application.willTerminate"
#define PARRA_SIGNATURE_APPLICATION_WILL_TERMINATE "void(ptr)"
typedef void (*parra_application_will_terminate_fn)(void *module_data);

/** The app moved to the background (the process was suspended). Combine: NONE. */
#define PARRA_POINT_APPLICATION_DID_ENTER_BACKGROUND "application.didEnterBackground"
#define PARRA_SIGNATURE_APPLICATION_DID_ENTER_BACKGROUND "void(ptr)"
typedef void (*parra_application_did_enter_background_fn)(void *module_data);

/** The app is returning to the foreground (the process was resumed). Combine: NONE. */
#define PARRA_POINT_APPLICATION_WILL_ENTER_FOREGROUND "application.willEnterForeground"
#define PARRA_SIGNATURE_APPLICATION_WILL_ENTER_FOREGROUND "void(ptr)"
typedef void (*parra_application_will_enter_foreground_fn)(void *module_data);

/** A scene is being configured before it connects: `scene_id` is its window group id (or the
 *  generated one), `role` its session role. Combine: NONE. */
#define PARRA_POINT_APPLICATION_CONFIGURATION_FOR_CONNECTING \
    "application.configurationForConnecting"
#define PARRA_SIGNATURE_APPLICATION_CONFIGURATION_FOR_CONNECTING "void(ptr,str,str)"
typedef void (*parra_application_configuration_for_connecting_fn)(
    void *module_data, const char *scene_id, const char *role);

/** A scene (window) will connect; `options_json` is a JSON object. Combine: NONE. */
#define PARRA_POINT_SCENE_WILL_CONNECT "scene.willConnect"
#define PARRA_SIGNATURE_SCENE_WILL_CONNECT "void(ptr,str,str)"
typedef void (*parra_scene_will_connect_fn)(
    void *module_data, const char *scene_id, const char *options_json);

/** Scene state changes; each takes the scene id. Combine: NONE. */
#define PARRA_POINT_SCENE_DID_DISCONNECT "scene.didDisconnect"
#define PARRA_POINT_SCENE_DID_BECOME_ACTIVE "scene.didBecomeActive"
#define PARRA_POINT_SCENE_WILL_RESIGN_ACTIVE "scene.willResignActive"
#define PARRA_POINT_SCENE_WILL_ENTER_FOREGROUND "scene.willEnterForeground"
#define PARRA_POINT_SCENE_DID_ENTER_BACKGROUND "scene.didEnterBackground"
#define PARRA_SIGNATURE_SCENE_STATE "void(ptr,str)"
typedef void (*parra_scene_state_fn)(void *module_data, const char *scene_id);

/** A scene was asked to open URLs; `urls_json` is a JSON array of strings. Combine: NONE. */
#define PARRA_POINT_SCENE_OPEN_URL_CONTEXTS "scene.openURLContexts"
#define PARRA_SIGNATURE_SCENE_OPEN_URL_CONTEXTS "void(ptr,str,str)"
typedef void (*parra_scene_open_url_contexts_fn)(
    void *module_data, const char *scene_id, const char *urls_json);

#ifdef __cplusplus
}
#endif

#endif /* PARRA_OVERRIDE_POINTS_H */
