// GestureTuneRuntime for Android and the JVM: a pure Kotlin/JVM library (no Android API, no
// dependency besides the Kotlin stdlib). An app's Gradle project includes it by path:
//
//     // settings.gradle.kts
//     include(":gesturetune-runtime")
//     project(":gesturetune-runtime").projectDir = file("path/to/runtimes/android")
//     // app/build.gradle.kts
//     dependencies { implementation(project(":gesturetune-runtime")) }
//
// The Kotlin plugin's version and the repositories live in this directory's settings.gradle.kts
// (pluginManagement, dependencyResolutionManagement), which only a standalone build reads: inside
// an app the app's own Kotlin Gradle plugin applies (a plugin already on the build's classpath
// must be requested without a version) and the app's own repositories resolve the Kotlin stdlib.
// This file declares no repositories, so it builds under `RepositoriesMode.FAIL_ON_PROJECT_REPOS`
// (the default of new Android Studio projects).
plugins {
    kotlin("jvm")
    `java-library`
}

group = "dev.gesturetune"
version = "1.0.0"

java {
    sourceCompatibility = JavaVersion.VERSION_1_8
    targetCompatibility = JavaVersion.VERSION_1_8
}

tasks.withType<org.jetbrains.kotlin.gradle.tasks.KotlinCompile>().configureEach {
    compilerOptions.jvmTarget.set(org.jetbrains.kotlin.gradle.dsl.JvmTarget.JVM_1_8)
}

// The tests are plain Kotlin with a main (no JUnit): `gradle runtimeTests`, also run by `check`.
val runtimeTests by tasks.registering(JavaExec::class) {
    group = "verification"
    description = "Runs the runtime's tests and the conformance cases (runtimes/conformance/cases.json, required)."
    classpath = sourceSets["test"].runtimeClasspath
    mainClass.set("dev.gesturetune.runtime.RuntimeTestsKt")
    args(file("../conformance/cases.json").absolutePath)
}

tasks.named("check") {
    dependsOn(runtimeTests)
}
